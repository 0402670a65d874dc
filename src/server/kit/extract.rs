//! The extractors every route reads its request with (issue 40): `Form`, `Json` and `Path`
//! named as axum's, whose refusals are the server's own instead of the framework's plain text.
//! A body that cannot be read is a [`Failure`] (422) naming the field and what it takes; a
//! form's comes back beside the form like any other refusal (`forms::refused`), the API's as
//! JSON with `"field"`. A path that cannot be read (`/rosters/abc`) is the friendly 404 page,
//! or the API's JSON, never "Cannot parse `abc` to a `i64`".

use crate::server::Failure;
use axum::body::Bytes;
use axum::extract::rejection::PathRejection;
use axum::extract::{FromRequest, FromRequestParts, OptionalFromRequest, Request};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Whether `path` is the JSON API's.
fn is_api(path: &str) -> bool {
    path == "/api" || path.starts_with("/api/")
}

/// Whether the request's body is of the media type `kind`.
fn is_kind(headers: &HeaderMap, kind: &str) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().to_ascii_lowercase().starts_with(kind))
}

/// The largest body the server reads: 2 MB (a list's file, `lists::MAX_BYTES`) and room for a
/// form's other fields around it.
pub(in crate::server) const MAX_BODY: usize = 2 * 1024 * 1024 + 64 * 1024;

/// A body's field refused by its type: the field serde's path names (or the one a message
/// such as "missing field `points`" names), and the refusal in words.
pub(in crate::server) fn field_refusal(path: &str, inner: &str) -> Failure {
    let between = |text: &str, after: &str| -> Option<String> {
        let rest = text.strip_prefix(after)?;
        Some(rest.split('`').next()?.to_string())
    };
    let (field, message) = if let Some(f) = between(inner, "missing field `") {
        (Some(f.clone()), format!("fill in “{f}”: this form needs it"))
    } else if let Some(f) = between(inner, "unknown field `") {
        (
            Some(f.clone()),
            format!("“{f}” is not a field of this form; send the page's own form"),
        )
    } else if path.is_empty() || path == "." {
        (None, format!("the form could not be read: {inner}"))
    } else if inner.starts_with("takes ") {
        (Some(path.to_string()), format!("“{path}” {inner}"))
    } else {
        (
            Some(path.to_string()),
            format!("“{path}” could not be read: {inner}"),
        )
    };
    let failure = Failure::new(StatusCode::UNPROCESSABLE_ENTITY, message);
    match field {
        Some(f) => failure.on_field(&f),
        None => failure,
    }
}

/// `T` from serde's `de`, a refusal naming the field when it cannot be read.
pub(in crate::server) fn read<'de, T: serde::Deserialize<'de>, D: serde::Deserializer<'de>>(
    de: D,
) -> Result<T, Failure>
where
    D::Error: std::fmt::Display,
{
    serde_path_to_error::deserialize(de)
        .map_err(|e| field_refusal(&e.path().to_string(), &e.inner().to_string()))
}

/// The page a form was sent from, to show it again beside the refusal: the `Referer`'s path
/// when the browser gives one, else the action's path without its last step.
fn sent_from(headers: &HeaderMap, action: &str) -> String {
    let referer = headers.get(header::REFERER).and_then(|v| v.to_str().ok());
    let path = referer.and_then(|r| {
        let rest = r.split_once("://").map_or(r, |(_, rest)| rest);
        let at = rest.find('/')?;
        Some(rest[at..].to_string())
    });
    match path {
        Some(p) if p.starts_with('/') && !p.starts_with("//") => p,
        _ => match action.rsplit_once('/') {
            Some((parent, _)) if !parent.is_empty() => parent.to_string(),
            _ => "/".to_string(),
        },
    }
}

/// The answer to a form sent to `path` that cannot be read: `f` beside the form on the page it
/// was sent from (the API's JSON for an API path).
pub(in crate::server) fn refused_form(headers: &HeaderMap, path: &str, f: Failure) -> Response {
    match is_api(path) {
        true => f.into_response(),
        false => super::forms::refused(f, &sent_from(headers, path)),
    }
}

/// A form's body (`application/x-www-form-urlencoded`), as axum's `Form` reads it; refused
/// beside the form that sent it, naming the field, when it cannot be read.
pub struct Form<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Form<T> {
    type Rejection = Response;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let (path, headers) = (req.uri().path().to_string(), req.headers().clone());
        let refused = move |f: Failure| refused_form(&headers, &path, f);
        if !is_kind(req.headers(), "application/x-www-form-urlencoded") {
            return Err(refused(Failure::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "send the form as a browser does (Content-Type: application/x-www-form-urlencoded)",
            )));
        }
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(IntoResponse::into_response)?;
        let fields = form_urlencoded::parse(&bytes);
        read(serde_urlencoded::Deserializer::new(fields))
            .map(Form)
            .map_err(refused)
    }
}

/// A JSON body, as axum's `Json` reads it; refused as the API's JSON naming the field
/// (`"field": "points"`) when it cannot be read. Also the API's JSON answer.
pub struct Json<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Json<T> {
    type Rejection = Response;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !is_kind(req.headers(), "application/json") {
            return Err(Failure::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "send the request's fields as a JSON body (Content-Type: application/json)",
            )
            .into_response());
        }
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(IntoResponse::into_response)?;
        let mut de = serde_json::Deserializer::from_slice(&bytes);
        let body = serde_path_to_error::deserialize(&mut de).map_err(|e| {
            let inner = e.inner();
            // Not JSON at all (cut short, a syntax error): 400, as the framework says it.
            let failure = match inner.is_syntax() || inner.is_eof() {
                true => Failure::new(
                    StatusCode::BAD_REQUEST,
                    format!("the JSON body could not be read: {inner}"),
                ),
                false => field_refusal(&e.path().to_string(), &inner.to_string()),
            };
            failure.into_response()
        })?;
        de.end()
            .map_err(|e| {
                Failure::new(
                    StatusCode::BAD_REQUEST,
                    format!("the JSON body could not be read: {e}"),
                )
            })
            .map_err(IntoResponse::into_response)?;
        Ok(Json(body))
    }
}

/// No body (no `Content-Type`): `None`, for a `DELETE` with nothing to say.
impl<T: DeserializeOwned, S: Send + Sync> OptionalFromRequest<S> for Json<T> {
    type Rejection = Response;

    async fn from_request(req: Request, state: &S) -> Result<Option<Self>, Self::Rejection> {
        if !req.headers().contains_key(header::CONTENT_TYPE) {
            return Ok(None);
        }
        <Json<T> as FromRequest<S>>::from_request(req, state)
            .await
            .map(Some)
    }
}

impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

/// The path's parameters, as axum's `Path` reads them; one that cannot be read (an id that is
/// not a number) is "there is no such page", as a page or as the API's JSON.
pub struct Path<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for Path<T> {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(t)) => Ok(Path(t)),
            Err(e) => Err(unreadable_path(parts.uri.path(), e)),
        }
    }
}

/// The answer to a path that cannot be read: 404 for a step that names nothing (`abc` where an
/// id goes), else the framework's status; in the API's JSON or as the friendly page.
fn unreadable_path(path: &str, e: PathRejection) -> Response {
    use axum::extract::path::ErrorKind;
    let status = e.status();
    let (status, message) = match &e {
        PathRejection::FailedToDeserializePathParams(d) => match d.kind() {
            ErrorKind::ParseErrorAtKey { value, .. }
            | ErrorKind::ParseErrorAtIndex { value, .. }
            | ErrorKind::ParseError { value, .. } => (
                StatusCode::NOT_FOUND,
                format!("there is no such page here: “{value}” is not a number, and every id here is one"),
            ),
            ErrorKind::InvalidUtf8InPathParam { .. } => (
                StatusCode::NOT_FOUND,
                "there is no such page here: the address is not valid text".to_string(),
            ),
            _ if status.is_server_error() => (
                status,
                "internal error: the address could not be read".to_string(),
            ),
            _ => (
                StatusCode::BAD_REQUEST,
                "the address could not be read".to_string(),
            ),
        },
        _ => (
            status,
            "internal error: the address could not be read".to_string(),
        ),
    };
    match is_api(path) {
        true => Failure::new(status, message).into_response(),
        false => (status, super::page::refusal_page(status, &message)).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::{field_refusal, sent_from};
    use axum::http::{HeaderMap, HeaderValue, header};

    #[test]
    fn a_refusal_names_its_field() {
        let f = field_refusal(
            "points",
            "takes a whole number 0 or more, such as 1000 or 1,000; “1.5” is not one",
        );
        assert_eq!(f.field.as_deref(), Some("points"));
        assert!(
            f.message.starts_with("“points” takes a whole number"),
            "{}",
            f.message
        );
        let f = field_refusal(".", "missing field `name`");
        assert_eq!(f.field.as_deref(), Some("name"));
        let f = field_refusal(".", "unknown field `colour`, expected one of `key`, `name`");
        assert_eq!(f.field.as_deref(), Some("colour"));
    }

    #[test]
    fn a_form_goes_back_to_the_page_it_came_from() {
        let mut h = HeaderMap::new();
        assert_eq!(sent_from(&h, "/rosters/3/units"), "/rosters/3");
        assert_eq!(sent_from(&h, "/join"), "/");
        h.insert(
            header::REFERER,
            HeaderValue::from_static("https://club.example/battles/4?x=1"),
        );
        assert_eq!(sent_from(&h, "/battles/4/army"), "/battles/4?x=1");
        h.insert(header::REFERER, HeaderValue::from_static("https://club.example"));
        assert_eq!(sent_from(&h, "/battles/4/army"), "/battles/4");
    }
}
