//! What every request passes through before and after its handler: the API's writes refuse a
//! browser's session alone (no cross-site request forgery on the API: a write carries a
//! token, or comes from a page's form with its key), and the framework's own refusals (a body
//! or a path that cannot be read, an unknown route) come back in the API's JSON shape or as a
//! page, like every other refusal, instead of plain text.

use super::Failure;
use super::session::auth;
use axum::body::to_bytes;
use axum::extract::Request;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// Whether `method` may change something.
fn writes(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// Whether `path` is the JSON API's.
fn is_api(path: &str) -> bool {
    path == "/api" || path.starts_with("/api/")
}

/// Refuses an API write that carries the session cookie but no `Authorization: Bearer`: a
/// browser sends its cookie with a request another site makes it send, so the cookie alone
/// proves nothing. A page's forms (outside `/api`) check the form's key instead.
pub async fn api_writes_need_a_token(req: Request, next: Next) -> Response {
    let headers = req.headers();
    if writes(req.method())
        && is_api(req.uri().path())
        && auth::bearer(headers).is_none()
        && auth::has_session(headers)
    {
        return Failure::new(
            StatusCode::UNAUTHORIZED,
            "the API's writes need `Authorization: Bearer <token>` (see `ptg invite`); a browser's \
             session changes things only through the pages' forms",
        )
        .into_response();
    }
    next.run(req).await
}

/// The most of a framework's refusal read back to reword it: they are one line.
const REFUSAL_BYTES: usize = 16 * 1024;

/// Rewords the framework's own refusals (plain text, or empty for an unknown route): the API's
/// as `{"error": ..., "status": ...}`, a page's as a page saying what was wrong.
pub async fn refusals_in_kind(req: Request, next: Next) -> Response {
    let api = is_api(req.uri().path());
    let response = next.run(req).await;
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let plain = match response.headers().get(header::CONTENT_TYPE) {
        None => true,
        Some(t) => t.to_str().is_ok_and(|t| t.starts_with("text/plain")),
    };
    if !plain {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = match to_bytes(body, REFUSAL_BYTES).await {
        Ok(bytes) => String::from_utf8_lossy(&bytes).trim().to_string(),
        Err(_) => String::new(),
    };
    let message = match text.is_empty() {
        false => text,
        true => default_message(status).to_string(),
    };
    let mut reworded = if api {
        Failure::new(status, message).into_response()
    } else {
        (status, super::pages::refusal_page(status, &message)).into_response()
    };
    // What the framework said besides (`Allow` for a wrong method) is kept.
    for (name, value) in parts.headers.iter() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            reworded.headers_mut().insert(name.clone(), value.clone());
        }
    }
    reworded
}

fn default_message(status: StatusCode) -> &'static str {
    match status {
        StatusCode::NOT_FOUND => "there is no such page here",
        StatusCode::METHOD_NOT_ALLOWED => "this address does not take that method",
        StatusCode::PAYLOAD_TOO_LARGE => "what was sent is too large",
        _ => status.canonical_reason().unwrap_or("refused"),
    }
}

/// A `Content-Disposition` for downloading `stem.ext` (RFC 6266): the name as UTF-8 in
/// `filename*` (RFC 5987), and an ASCII stand-in in `filename` for older clients.
pub fn attachment(stem: &str, ext: &str, otherwise: &str) -> HeaderValue {
    let mut ascii = String::new();
    for c in stem.chars() {
        if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
            ascii.push(c);
        } else if !ascii.ends_with('_') {
            ascii.push('_');
        }
    }
    let ascii = ascii.trim_matches('_');
    let ascii = if ascii.is_empty() { otherwise } else { ascii };
    let stem = if stem.is_empty() { otherwise } else { stem };
    let encoded: String = format!("{stem}.{ext}")
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect();
    let value = format!("attachment; filename=\"{ascii}.{ext}\"; filename*=UTF-8''{encoded}");
    HeaderValue::from_str(&value).unwrap_or_else(|_| HeaderValue::from_static("attachment"))
}

#[cfg(test)]
mod tests {
    use super::attachment;

    #[test]
    fn a_download_s_name_is_ascii_with_its_utf8_beside() {
        assert_eq!(
            attachment("hammers-of-dawn", "pdf", "roster"),
            "attachment; filename=\"hammers-of-dawn.pdf\"; filename*=UTF-8''hammers-of-dawn.pdf"
        );
        assert_eq!(
            attachment("łódź-legion", "json", "league"),
            "attachment; filename=\"d_-legion.json\"; filename*=UTF-8''%C5%82%C3%B3d%C5%BA-legion.json"
        );
        assert_eq!(
            attachment("ąę", "pdf", "roster"),
            "attachment; filename=\"roster.pdf\"; filename*=UTF-8''%C4%85%C4%99.pdf"
        );
        assert_eq!(
            attachment("", "pdf", "roster"),
            "attachment; filename=\"roster.pdf\"; filename*=UTF-8''roster.pdf"
        );
    }
}
