//! Dice as the rules see them: roll tokens (`[3,5]`, `[4]`) and the chi-square test that
//! `dice-stats` and the dice tests apply to thrown faces.
//!
//! The engine never throws dice itself: a roll arrives as a move (from the physics table, a
//! move list or a test), so the same position code serves perft, replays and the 3D table.

use std::fmt;

/// The faces of one roll: one or two dice, each 1..=6 (the second is 0 for a single die).
/// Order matters only where the dice have different jobs (Gollon's coloured dice: the first
/// names the piece, the second the number of moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Roll(pub [u8; 2]);

impl Roll {
    /// One die.
    pub const fn one(a: u8) -> Roll {
        Roll([a, 0])
    }
    /// Two dice.
    pub const fn two(a: u8, b: u8) -> Roll {
        Roll([a, b])
    }
    /// How many dice the roll has.
    pub fn dice(self) -> usize {
        if self.0[1] == 0 { 1 } else { 2 }
    }
    /// The first die.
    pub fn first(self) -> u8 {
        self.0[0]
    }
    /// The second die (0 for a single die).
    pub fn second(self) -> u8 {
        self.0[1]
    }
    /// Whether both dice show the same face.
    pub fn is_doubles(self) -> bool {
        self.dice() == 2 && self.0[0] == self.0[1]
    }
    /// Whether any die shows `face`.
    pub fn shows(self, face: u8) -> bool {
        self.0[0] == face || self.0[1] == face
    }

    /// Reads a roll token: `[4]` or `[3,5]` (spaces allowed after the comma).
    pub fn parse(text: &str) -> Result<Roll, String> {
        let inner = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')).ok_or_else(|| format!("'{text}' is not a roll (expected e.g. [4] or [3,5])"))?;
        let faces: Vec<&str> = inner.split(',').map(str::trim).collect();
        if faces.len() > 2 {
            return Err(format!("'{text}' has {} dice; games here use one or two", faces.len()));
        }
        let mut out = [0u8; 2];
        for (i, f) in faces.iter().enumerate() {
            out[i] = match f.parse::<u8>() {
                Ok(v @ 1..=6) => v,
                _ => return Err(format!("'{text}': a die shows 1 to 6, not '{f}'")),
            };
        }
        Ok(Roll(out))
    }

    /// Whether a text looks like a roll token (so errors can say "roll" rather than "move").
    pub fn is_token(text: &str) -> bool {
        text.starts_with('[')
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.dice() == 1 { write!(f, "[{}]", self.0[0]) } else { write!(f, "[{},{}]", self.0[0], self.0[1]) }
    }
}

/// Pearson's chi-square statistic of `counts` against equal expected frequencies.
pub fn chi_square(counts: &[u64]) -> f64 {
    let n: u64 = counts.iter().sum();
    if n == 0 || counts.is_empty() {
        return 0.0;
    }
    let expected = n as f64 / counts.len() as f64;
    counts.iter().map(|&c| (c as f64 - expected).powi(2) / expected).sum()
}

/// The p-value of a chi-square statistic with `dof` degrees of freedom: the regularised upper
/// incomplete gamma function Q(dof/2, x/2), by its series (x small) or continued fraction
/// (Numerical Recipes' `gammq`, to about 1e-12).
pub fn chi_square_p(x: f64, dof: u32) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    let a = dof as f64 / 2.0;
    let x = x / 2.0;
    let gln = ln_gamma(a);
    if x < a + 1.0 {
        // Series for P(a, x); Q = 1 - P.
        let (mut sum, mut del, mut ap) = (1.0 / a, 1.0 / a, a);
        for _ in 0..500 {
            ap += 1.0;
            del *= x / ap;
            sum += del;
            if del.abs() < sum.abs() * 1e-14 {
                break;
            }
        }
        1.0 - sum * (-x + a * x.ln() - gln).exp()
    } else {
        // Lentz's continued fraction for Q(a, x).
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..500 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < tiny {
                d = tiny;
            }
            c = b + an / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            let del = d * c;
            h *= del;
            if (del - 1.0).abs() < 1e-14 {
                break;
            }
        }
        (-x + a * x.ln() - gln).exp() * h
    }
}

/// ln Γ(x) for x > 0 (Lanczos, g = 7, nine coefficients: double precision).
fn ln_gamma(x: f64) -> f64 {
    const G: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // Reflection: Γ(x)Γ(1-x) = π / sin(πx).
        return (std::f64::consts::PI / (std::f64::consts::PI * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut a = G[0];
    let t = x + 7.5;
    for (i, &g) in G.iter().enumerate().skip(1) {
        a += g / (x + i as f64);
    }
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + a.ln()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roll_tokens_round_trip_and_reject_nonsense() {
        for t in ["[4]", "[3,5]", "[6,6]"] {
            assert_eq!(Roll::parse(t).unwrap().to_string(), t);
        }
        assert_eq!(Roll::parse("[3, 5]").unwrap(), Roll::two(3, 5));
        for bad in ["4", "[0]", "[7]", "[1,2,3]", "[a]", "[]", "[3,"] {
            assert!(Roll::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn chi_square_p_values_match_tables() {
        // Upper-tail critical values of the chi-square distribution with 5 degrees of
        // freedom (any statistics table): 11.070 at p = 0.05, 15.086 at p = 0.01.
        assert!((chi_square_p(11.070, 5) - 0.05).abs() < 1e-4);
        assert!((chi_square_p(15.086, 5) - 0.01).abs() < 1e-4);
        // And 1 degree of freedom: 3.841 at p = 0.05.
        assert!((chi_square_p(3.841, 1) - 0.05).abs() < 1e-4);
        assert_eq!(chi_square_p(0.0, 5), 1.0);
        assert!(chi_square_p(200.0, 5) < 1e-30);
    }

    #[test]
    fn chi_square_statistic() {
        assert_eq!(chi_square(&[10, 10, 10]), 0.0);
        // (20-10)^2/10 + (0-10)^2/10 = 20
        assert!((chi_square(&[20, 0]) - 20.0).abs() < 1e-12);
    }
}
