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
            "/manifest.webmanifest",
            get(|| async { file(MANIFEST, "application/manifest+json") }),
        )
}

/// `body` as `content_type`, kept by browsers for a week (the pages name the stylesheet by its
/// content, so a changed one is not kept past the next page).
fn file(body: &'static str, content_type: &'static str) -> Response {
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
    }

    #[test]
    fn the_stylesheet_s_address_follows_its_content() {
        assert_ne!(fnv1a(b"a{}"), fnv1a(b"b{}"));
        assert!(style_href().starts_with("/style.css?v="));
    }
}
