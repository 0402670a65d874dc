//! Whole numbers as people type them (issue 40): "1000", " 1000 ", "1,000", "1 000", and a
//! non-breaking or thin space between the thousands, all read as 1000, at every entrance: the
//! CLI's number flags ([`clap_whole`]), the pages' forms and the API's JSON, numbers or strings
//! alike ([`de`]). Anything else ("1.5", "abc", "1,00", "-3" where a count is asked) is refused
//! with what the field takes, never read as another number.

/// The characters read as a thousands separator: a comma, a space, a no-break space, a thin
/// space and a narrow no-break space (what phones and spreadsheets put between thousands).
const SEPARATORS: [char; 5] = [',', ' ', '\u{00A0}', '\u{2009}', '\u{202F}'];

/// What a whole-number field takes, in a refusal: any whole number (`signed`), or 0 or more.
pub fn takes(signed: bool) -> &'static str {
    match signed {
        true => "a whole number, such as 1000 or 1,000",
        false => "a whole number 0 or more, such as 1000 or 1,000",
    }
}

/// The whole number `typed` says, if it says one: spaces around it are dropped, a sign may
/// lead, and the digits may be grouped in threes by one kind of separator ([`SEPARATORS`]).
pub fn whole(typed: &str) -> Option<i128> {
    let t = typed.trim_matches(|c: char| c.is_whitespace() || SEPARATORS[2..].contains(&c));
    let (negative, digits) = match t.strip_prefix(['-', '\u{2212}']) {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let separator = digits.chars().find(|c| SEPARATORS.contains(c));
    let groups: Vec<&str> = match separator {
        Some(s) => digits.split(s).collect(),
        None => vec![digits],
    };
    let (first, rest) = groups.split_first()?;
    let digits_only = |g: &str| !g.is_empty() && g.bytes().all(|b| b.is_ascii_digit());
    if !digits_only(first) || (separator.is_some() && first.len() > 3) {
        return None;
    }
    if !rest.iter().all(|g| g.len() == 3 && digits_only(g)) {
        return None;
    }
    // At most 30 digits: far beyond any field, and inside i128.
    let all: String = groups.concat();
    if all.len() > 30 {
        return None;
    }
    let n: i128 = all.parse().ok()?;
    Some(if negative { -n } else { n })
}

/// `typed` as a `T` (u32, i64, ...): refused with what the field takes when it is not a whole
/// number, or out of `T`'s range.
pub fn read<T: TryFrom<i128> + Bounds>(typed: &str) -> Result<T, String> {
    let n =
        whole(typed).ok_or_else(|| format!("takes {}; “{}” is not one", takes(T::SIGNED), typed.trim()))?;
    in_range(n)
}

/// `n` as a `T`, or the refusal saying the range `T` takes.
fn in_range<T: TryFrom<i128> + Bounds>(n: i128) -> Result<T, String> {
    T::try_from(n).map_err(|_| match n < 0 && !T::SIGNED {
        true => format!("takes {}; {n} is below 0", takes(false)),
        false => format!("takes {}; {n} is out of range", takes(T::SIGNED)),
    })
}

/// Whether a number type takes numbers below 0.
pub trait Bounds {
    const SIGNED: bool;
}

macro_rules! bounds {
    ($($t:ty: $signed:expr),*) => {
        $(impl Bounds for $t {
            const SIGNED: bool = $signed;
        })*
    };
}
bounds!(u8: false, u16: false, u32: false, u64: false, usize: false, i32: true, i64: true);

/// A clap value parser reading a number flag as [`read`] does: `value_parser = clap_whole::<u32>`.
pub fn clap_whole<T: TryFrom<i128> + Bounds>(typed: &str) -> Result<T, String> {
    read(typed)
}

/// Serde's side: `#[serde(deserialize_with = "crate::numbers::de::whole")]` on a number field,
/// `#[serde(default, deserialize_with = "crate::numbers::de::maybe")]` on an optional one (an
/// empty field is left out). A JSON number or a string, read as [`read`] does.
pub mod de {
    use super::{Bounds, in_range, read, takes};
    use serde::Deserializer;
    use serde::de::{Error, Visitor};
    use std::marker::PhantomData;

    struct Whole<T>(PhantomData<T>);

    impl<T: TryFrom<i128> + Bounds> Visitor<'_> for Whole<T> {
        type Value = Option<T>;

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str(takes(T::SIGNED))
        }

        fn visit_u64<E: Error>(self, v: u64) -> Result<Option<T>, E> {
            in_range(v.into()).map(Some).map_err(E::custom)
        }

        fn visit_i64<E: Error>(self, v: i64) -> Result<Option<T>, E> {
            in_range(v.into()).map(Some).map_err(E::custom)
        }

        fn visit_f64<E: Error>(self, v: f64) -> Result<Option<T>, E> {
            Err(E::custom(format!("takes {}; {v} is not one", takes(T::SIGNED))))
        }

        fn visit_str<E: Error>(self, v: &str) -> Result<Option<T>, E> {
            if v.trim().is_empty() {
                return Ok(None);
            }
            read(v).map(Some).map_err(E::custom)
        }

        fn visit_none<E: Error>(self) -> Result<Option<T>, E> {
            Ok(None)
        }

        fn visit_unit<E: Error>(self) -> Result<Option<T>, E> {
            Ok(None)
        }
    }

    /// A number field: given, and a whole number.
    pub fn whole<'de, D: Deserializer<'de>, T: TryFrom<i128> + Bounds>(d: D) -> Result<T, D::Error> {
        d.deserialize_any(Whole::<T>(PhantomData))?
            .ok_or_else(|| D::Error::custom(format!("takes {}; it was left empty", takes(T::SIGNED))))
    }

    /// A number as a map's value, read as [`whole`] reads a field.
    struct Each<T>(T);

    impl<'de, T: TryFrom<i128> + Bounds> serde::Deserialize<'de> for Each<T> {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Each<T>, D::Error> {
            whole(d).map(Each)
        }
    }

    /// A map of numbers by key (the API's `{"12": "1,000"}`), each value read as [`whole`].
    pub fn map<'de, D, K, T>(d: D) -> Result<std::collections::BTreeMap<K, T>, D::Error>
    where
        D: Deserializer<'de>,
        K: serde::Deserialize<'de> + Ord,
        T: TryFrom<i128> + Bounds,
    {
        let read: std::collections::BTreeMap<K, Each<T>> = serde::Deserialize::deserialize(d)?;
        Ok(read.into_iter().map(|(k, Each(v))| (k, v)).collect())
    }

    /// An optional number field: left out, empty or `null` is `None`.
    pub fn maybe<'de, D: Deserializer<'de>, T: TryFrom<i128> + Bounds>(d: D) -> Result<Option<T>, D::Error> {
        d.deserialize_any(Whole::<T>(PhantomData))
    }
}

#[cfg(test)]
mod tests;
