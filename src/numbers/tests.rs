use super::{read, whole};
use proptest::prelude::*;

#[test]
fn numbers_read_as_people_type_them() {
    for typed in [
        "1000",
        " 1000 ",
        "1,000",
        "1 000",
        "1\u{00A0}000",
        "1\u{2009}000",
        "1\u{202F}000",
        "+1000",
        "\t1000\n",
    ] {
        assert_eq!(whole(typed), Some(1000), "{typed:?}");
    }
    assert_eq!(whole("1,000,000"), Some(1_000_000));
    assert_eq!(whole("-3"), Some(-3));
    assert_eq!(whole("0"), Some(0));
    assert_eq!(whole("012"), Some(12));
}

#[test]
fn anything_else_is_not_a_number() {
    for typed in [
        "",
        " ",
        "1.5",
        "abc",
        "1,00",
        "1,0000",
        "10,00",
        "1000,",
        ",1000",
        "1,000 000",
        "1 ,000",
        "1..0",
        "1e3",
        "0x10",
        "--1",
        "- 1",
        "1-",
        "١٢",
        "1_000",
        "1000.0",
    ] {
        assert_eq!(whole(typed), None, "{typed:?}");
    }
}

#[test]
fn a_refusal_says_what_the_field_takes() {
    assert_eq!(read::<u32>("1,000"), Ok(1000));
    assert_eq!(read::<i64>("-2"), Ok(-2));
    let e = read::<u32>("1.5").unwrap_err();
    assert!(e.contains("a whole number 0 or more") && e.contains("1.5"), "{e}");
    let e = read::<u32>("-3").unwrap_err();
    assert!(e.contains("below 0"), "{e}");
    let e = read::<u8>("1,000").unwrap_err();
    assert!(e.contains("1000 is out of range"), "{e}");
}

#[derive(Debug, serde::Deserialize)]
struct Body {
    #[serde(deserialize_with = "super::de::whole")]
    points: u32,
    #[serde(default, deserialize_with = "super::de::maybe")]
    round: Option<u32>,
}

#[test]
fn json_takes_numbers_and_strings() {
    let b: Body = serde_json::from_str(r#"{"points": "1,000"}"#).unwrap();
    assert_eq!((b.points, b.round), (1000, None));
    let b: Body = serde_json::from_str(r#"{"points": 1000, "round": null}"#).unwrap();
    assert_eq!((b.points, b.round), (1000, None));
    let b: Body = serde_json::from_str(r#"{"points": 5, "round": " 2 "}"#).unwrap();
    assert_eq!(b.round, Some(2));
    for body in [
        r#"{"points": 1.5}"#,
        r#"{"points": "1.5"}"#,
        r#"{"points": -3}"#,
        r#"{"points": ""}"#,
        r#"{"points": true}"#,
    ] {
        let e = serde_json::from_str::<Body>(body).unwrap_err().to_string();
        assert!(e.contains("whole number"), "{body}: {e}");
    }
}

#[derive(Debug, serde::Deserialize)]
struct Sides {
    #[serde(deserialize_with = "super::de::map")]
    vp: std::collections::BTreeMap<i64, u32>,
}

#[test]
fn a_map_s_numbers_are_read_as_typed() {
    let s: Sides = serde_json::from_str(r#"{"vp": {"1": "1,000", "2": 8}}"#).unwrap();
    assert_eq!(s.vp.into_iter().collect::<Vec<_>>(), [(1, 1000), (2, 8)]);
    let e = serde_json::from_str::<Sides>(r#"{"vp": {"1": "8.5"}}"#)
        .unwrap_err()
        .to_string();
    assert!(e.contains("whole number"), "{e}");
}

proptest! {
    /// Every number, written plainly or grouped in threes by any separator, reads back as itself.
    #[test]
    fn grouped_numbers_read_back(n in any::<i64>(), sep in prop::sample::select(vec![",", " ", "\u{00A0}", "\u{2009}", "\u{202F}"])) {
        prop_assert_eq!(whole(&n.to_string()), Some(n as i128));
        let digits = n.unsigned_abs().to_string();
        let mut grouped = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                grouped.push_str(sep);
            }
            grouped.push(c);
        }
        let typed = format!(" {}{grouped} ", if n < 0 { "-" } else { "" });
        prop_assert_eq!(whole(&typed), Some(n as i128));
    }

    /// No text with a dot or a letter in it is read as a number.
    #[test]
    fn no_dot_or_letter_is_a_number(a in 0u32..100000, b in 0u32..1000, c in "[a-zA-Z.]") {
        let dotted = format!("{a}{c}{b}");
        prop_assert_eq!(whole(&dotted), None);
    }
}
