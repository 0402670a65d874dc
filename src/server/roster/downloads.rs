//! A roster's downloads: its sheet as a PDF and its list as the official app's text.

use crate::ops;
use crate::server::Shared;
use crate::server::kit::extract::Path;
use crate::server::kit::page::failed;
use crate::server::kit::rights::auth::may_read;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};

/// The roster sheet as `ptg roster sheet` prints it (the compiled-in template), to download.
pub(super) async fn sheet(State(server): State<Shared>, headers: HeaderMap, Path(id): Path<i64>) -> Response {
    if let Err(f) = may_read(&server, &headers).await {
        return failed(f);
    }
    let made = server
        .with_reader(move |s, store| {
            let at = s.locate(store, id)?;
            let printed = chrono::Local::now().date_naive();
            let view = ops::sheet::view(&s.catalogue, store, at.id, printed)?;
            let pdf = crate::sheet::pdf::render(
                &view,
                &crate::sheet::Template::bundled(),
                crate::sheet::Faces::embedded(),
            );
            Ok((crate::names::slug(&view.army), pdf.bytes))
        })
        .await;
    match made {
        Ok((slug, bytes)) => {
            let mut response = bytes.into_response();
            let h = response.headers_mut();
            h.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/pdf"));
            h.insert(
                header::CONTENT_DISPOSITION,
                crate::server::edge::attachment(&slug, "pdf", "roster"),
            );
            response
        }
        Err(f) => failed(f),
    }
}

/// The Order of Battle as the official app's text (`ptg roster export`), to paste into the app
/// or another tool.
pub(super) async fn list(State(server): State<Shared>, headers: HeaderMap, Path(id): Path<i64>) -> Response {
    if let Err(f) = may_read(&server, &headers).await {
        return failed(f);
    }
    let made = server
        .with_reader(move |s, store| {
            let at = s.locate(store, id)?;
            let list = ops::lists::export(&s.catalogue, store, at.id)?;
            Ok(crate::lists::export::app_text(&list))
        })
        .await;
    match made {
        Ok(text) => {
            let mut response = text.into_response();
            response.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/plain; charset=utf-8"),
            );
            response
        }
        Err(f) => failed(f),
    }
}
