//! What every request passes through before and after its handler: the API's writes refuse a
//! browser's session alone (no cross-site request forgery on the API: a write carries a
//! token, or comes from a page's form with its key), and the framework's own refusals (a body
//! or a path that cannot be read, an unknown route) come back in the API's JSON shape or as a
//! page, like every other refusal, instead of plain text. Every answer says how a browser
//! may use it (`security_headers`), and a body declared larger than the server reads is
//! refused before it is sent (`declared_too_large`).

use super::Failure;
use super::kit::extract::MAX_BODY;
use super::kit::rights::auth;
use axum::body::to_bytes;
use axum::extract::Request;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
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

/// What every answer allows a browser: the page's own stylesheet, images and (none yet)
/// scripts from this server only, never inline (a `<script>` or `style="..."` that slipped
/// into a page through a name is not run); forms sent here only; never shown in another
/// site's frame.
pub const POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; \
                          object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// Puts the headers every answer carries into `h`: the [`POLICY`], no guessing a type other than
/// the one given (an upload shown as a page), and no framing (for browsers without CSP's).
pub fn secure(h: &mut HeaderMap) {
    h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(POLICY));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
}

/// The layer that gives every answer, pages, downloads, API and refusals alike, the headers of
/// [`secure`].
pub async fn security_headers(req: Request, next: Next) -> Response {
    let mut response = next.run(req).await;
    secure(response.headers_mut());
    response
}

/// Refuses (413) a request whose `Content-Length` is over [`MAX_BODY`] at once, before a byte of
/// its body is read, rather than waiting for a body it would refuse anyway. The connection is
/// closed after the answer: the body not read is not skipped.
pub async fn declared_too_large(req: Request, next: Next) -> Response {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_none_or(|n| n <= MAX_BODY as u64) {
        return next.run(req).await;
    }
    let message = format!(
        "what was sent is too large: at most {} MB is read",
        MAX_BODY / (1024 * 1024)
    );
    let status = StatusCode::PAYLOAD_TOO_LARGE;
    let mut refused = match is_api(req.uri().path()) {
        true => Failure::new(status, message).into_response(),
        false => (status, super::kit::page::refusal_page(status, &message)).into_response(),
    };
    refused
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    refused
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
        (status, super::kit::page::refusal_page(status, &message)).into_response()
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
