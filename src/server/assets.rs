//! The files every page links to, compiled in (`include_str!`): the stylesheet, the icon and the
//! web app manifest that lets a phone install the league to its home screen. No build step:
//! what is in `src/server/assets/` is what is served.

use super::Shared;
use axum::Router;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

pub const STYLE: &str = include_str!("assets/style.css");
const FAVICON: &str = include_str!("assets/favicon.svg");
const MANIFEST: &str = include_str!("assets/manifest.webmanifest");
/// The share/copy button of a link shown once (`session::links`): the pages' only script,
/// served from here as the CSP wants (`script-src 'self'`, nothing inline).
pub const SHARE: &str = include_str!("assets/share.js");
/// The icon drawn as PNGs (from `favicon.svg`, by headless Chromium): iOS puts only a PNG
/// `apple-touch-icon` on its home screen, and Android's install prompt wants 192 and 512 px.
const TOUCH_ICON: &[u8] = include_bytes!("assets/apple-touch-icon.png");
const ICON_192: &[u8] = include_bytes!("assets/icon-192.png");
const ICON_512: &[u8] = include_bytes!("assets/icon-512.png");

/// The share script's address, named by its content as the stylesheet's is.
pub fn share_href() -> String {
    format!("/share.js?v={:016x}", fnv1a(SHARE.as_bytes()))
}

/// The stylesheet's address, named by its content so a new stylesheet is fetched at once while
/// an unchanged one is kept for a week.
pub fn style_href() -> String {
    format!("/style.css?v={:016x}", fnv1a(STYLE.as_bytes()))
}

/// FNV-1a, 64 bits: enough to tell one stylesheet from the next.
const fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    hash
}

pub fn routes() -> Router<Shared> {
    Router::new()
        .route(
            "/style.css",
            get(|| async { file(STYLE, "text/css; charset=utf-8") }),
        )
        .route("/favicon.svg", get(|| async { file(FAVICON, "image/svg+xml") }))
        .route(
            "/share.js",
            get(|| async { file(SHARE, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/manifest.webmanifest",
            get(|| async { file(MANIFEST, "application/manifest+json") }),
        )
        .route(
            "/apple-touch-icon.png",
            get(|| async { file(TOUCH_ICON, "image/png") }),
        )
        .route("/icon-192.png", get(|| async { file(ICON_192, "image/png") }))
        .route("/icon-512.png", get(|| async { file(ICON_512, "image/png") }))
}

/// `body` as `content_type`, kept by browsers for a week (the pages name the stylesheet by its
/// content, so a changed one is not kept past the next page).
fn file(body: impl IntoResponse, content_type: &'static str) -> Response {
    let mut response = body.into_response();
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=604800"),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_manifest_is_json_naming_ptg_standalone_with_an_icon() {
        let m: serde_json::Value = serde_json::from_str(MANIFEST).expect("the manifest is JSON");
        assert_eq!(m["name"], "ptg");
        assert_eq!(m["display"], "standalone");
        assert_eq!(m["icons"][0]["src"], "/favicon.svg");
        assert!(m["theme_color"].is_string());
        let sizes: Vec<&str> = m["icons"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|i| i["sizes"].as_str())
            .collect();
        assert_eq!(sizes, ["any", "192x192", "512x512"]);
    }

    #[test]
    fn the_png_icons_are_pngs_of_their_sizes() {
        for (png, side) in [(TOUCH_ICON, 180u32), (ICON_192, 192), (ICON_512, 512)] {
            assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
            let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
            let height = u32::from_be_bytes(png[20..24].try_into().unwrap());
            assert_eq!((width, height), (side, side));
        }
    }

    #[test]
    fn the_stylesheet_s_address_follows_its_content() {
        assert_ne!(fnv1a(b"a{}"), fnv1a(b"b{}"));
        assert!(style_href().starts_with("/style.css?v="));
    }

    /// The declarations of the rule whose selector is exactly `selector` (first found).
    fn rule<'a>(css: &'a str, selector: &str) -> &'a str {
        let at = css
            .find(&format!("\n{selector} {{"))
            .unwrap_or_else(|| panic!("no rule {selector}"));
        let body = &css[at..];
        &body[..body.find('}').unwrap_or(body.len())]
    }

    #[test]
    fn a_form_s_answer_is_told_by_a_mark_and_its_colour_in_both_themes() {
        // Refused and done each have a mark drawn before their words (hidden from screen
        // readers, whose words the text already gives), not a colour alone.
        assert!(rule(STYLE, ".error::before, .done::before").contains(r#"content: "!" / "";"#));
        assert!(rule(STYLE, ".done::before").contains(r#"content: "\2713" / "";"#));
        let dark = &STYLE[STYLE
            .find("@media (prefers-color-scheme: dark)")
            .expect("a dark theme")..];
        for var in ["--bad:", "--bad-bg:", "--good:", "--good-bg:", "--c0:", "--c7:"] {
            assert!(STYLE.contains(var) && dark.contains(var), "{var} in both themes");
        }
    }

    #[test]
    fn every_link_is_a_44_px_tap_target() {
        assert!(rule(STYLE, "a:not(.button)").contains("min-height: 44px"));
        assert!(rule(STYLE, "button, a.button").contains("min-height: 44px"));
        assert!(rule(STYLE, "summary").contains("padding: .625rem 0"));
    }
}
