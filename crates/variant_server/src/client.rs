//! A WebSocket client of the server (tokio-tungstenite): send intents, read events, each with a
//! time limit. Bots, tests and the load benchmark use it.

use crate::protocol::{Event, Intent};
use futures_util::{SinkExt, StreamExt};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

/// How long a client waits for the server to accept a connection.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// One connection to a server.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Client {
    /// Connects to the server at `addr` (`HOST:PORT`).
    pub async fn connect(addr: &str) -> Result<Client, String> {
        let url = format!("ws://{addr}/ws");
        match tokio::time::timeout(CONNECT_TIMEOUT, connect_async(url.as_str())).await {
            Ok(Ok((ws, _))) => Ok(Client { ws }),
            Ok(Err(e)) => Err(format!("no server answers at {addr}: {e}")),
            Err(_) => Err(format!("no server answers at {addr} within {} s", CONNECT_TIMEOUT.as_secs())),
        }
    }

    /// Sends an intent.
    pub async fn send(&mut self, intent: &Intent) -> Result<(), String> {
        let text = serde_json::to_string(intent).expect("intents serialise");
        self.send_raw(Message::Text(text.into())).await
    }

    /// Sends any frame (tests send malformed and oversized ones).
    pub async fn send_raw(&mut self, msg: Message) -> Result<(), String> {
        self.ws.send(msg).await.map_err(|e| format!("connection lost: {e}"))
    }

    /// The next event, waiting at most `limit`.
    pub async fn recv(&mut self, limit: Duration) -> Result<Event, String> {
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            let next = tokio::time::timeout_at(deadline, self.ws.next()).await.map_err(|_| format!("no word from the server in {} s", limit.as_secs_f32()))?;
            match next {
                Some(Ok(Message::Text(t))) => {
                    return serde_json::from_str(t.as_str()).map_err(|e| format!("the server sent what this client does not read: {e}"));
                }
                Some(Ok(Message::Close(_))) | None => return Err("the server closed the connection".into()),
                Some(Ok(_)) => continue,
                Some(Err(e)) => return Err(format!("connection lost: {e}")),
            }
        }
    }

    /// Reads events until one that `pick` accepts, at most `limit` in all; a refusal ends the
    /// wait with its reason.
    pub async fn expect<T>(&mut self, limit: Duration, mut pick: impl FnMut(&Event) -> Option<T>) -> Result<T, String> {
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let ev = self.recv(left).await?;
            if let Some(t) = pick(&ev) {
                return Ok(t);
            }
            if let Event::Refused { reason } = ev {
                return Err(reason);
            }
        }
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}
