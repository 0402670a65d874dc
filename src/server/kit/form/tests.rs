use super::*;
use crate::server::kit::flash::{Flash, Kept, showing};

fn sent(fields: &[(&str, &str)]) -> Vec<(String, String)> {
    fields
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn plan() -> Form {
    Form::new("plan", "/campaigns/1/battles", "Plan it")
        .key("k")
        .field(Field::select(
            "battleplan",
            "Battleplan",
            vec![
                Choice::new("", "roll for it"),
                Choice::new("Bitter Feud", "Bitter Feud"),
            ],
        ))
        .field(Field::number("points", "Points").value("1000"))
        .field(Field::checks(
            "destroyed",
            "Destroyed",
            vec![Choice::new("7", "Clanrats"), Choice::new("8", "Liberators")],
        ))
        .field(Field::area("note", "Note", 3))
        .disclosed("Plan a battle")
}

#[test]
fn a_form_is_drawn_with_its_values_key_and_a_fresh_one_use_token() {
    let a = plan().draw().into_string();
    let b = plan().draw().into_string();
    assert!(a.contains(r#"<input type="hidden" name="key" value="k">"#), "{a}");
    assert!(a.contains(r#"name="points" value="1000""#), "{a}");
    assert!(a.contains(r#"<option value="">roll for it</option>"#), "{a}");
    assert!(a.contains("<details><summary>Plan a battle</summary>"), "{a}");
    let once = |html: &str| {
        let at = html.find(r#"name="once" value=""#).unwrap() + 20;
        html[at..at + 20].to_string()
    };
    assert_ne!(once(&a), once(&b), "a token per form drawn");
}

#[tokio::test]
async fn a_refused_form_comes_back_open_with_what_was_sent_and_why() {
    let kept = Kept {
        action: "/campaigns/1/battles".into(),
        sent: sent(&[
            ("key", "k"),
            ("battleplan", "Bitter Feud"),
            ("points", "1,0x0"),
            ("destroyed", "8"),
            ("note", "a <b>"),
        ]),
        message: "points must be a whole number".into(),
        fields: vec![("points".into(), "type a whole number, such as 1,000".into())],
        is_error: true,
        ..Kept::default()
    };
    let flash = Flash {
        done: None,
        refused: Some(kept),
    };
    let (html, rest) = showing(flash, async { (plan().render().into_string(), flash::rest()) }).await;
    assert!(rest.refused.is_none(), "the form took it");
    assert!(html.starts_with("<details open><summary>"), "{html}");
    assert!(
        html.contains(
            r#"role="alert" id="refused" tabindex="-1" autofocus><p>points must be a whole number</p>"#
        ),
        "{html}"
    );
    assert!(
        html.contains(r#"<option value="Bitter Feud" selected>"#),
        "{html}"
    );
    assert!(!html.contains(r#"<option value="" selected>"#), "{html}");
    assert!(html.contains(r#"name="points" value="1,0x0""#), "{html}");
    assert!(
        html.contains(r#"aria-invalid="true""#) && html.contains("type a whole number, such as 1,000"),
        "{html}"
    );
    assert!(
        html.contains(r#"value="8" checked"#) && !html.contains(r#"value="7" checked"#),
        "{html}"
    );
    assert!(html.contains(">a &lt;b&gt;</textarea>"), "{html}");
}

#[tokio::test]
async fn another_forms_refusal_is_left_for_the_page() {
    let kept = Kept {
        action: "/rosters/2/units".into(),
        message: "no".into(),
        is_error: true,
        ..Kept::default()
    };
    let flash = Flash {
        done: None,
        refused: Some(kept),
    };
    let (html, rest) = showing(flash, async { (plan().render().into_string(), flash::rest()) }).await;
    assert!(
        !html.contains("refused") && html.starts_with("<details><summary>"),
        "{html}"
    );
    assert_eq!(rest.refused.map(|k| k.message).as_deref(), Some("no"));
}
