//! Army lists pasted into the pages (`ptg roster import`): a player adds their list's units to
//! their roster still in set-up; the organiser makes a new roster from a player's list. The
//! answer is the import's report, line by line, as the CLI prints it: what each line matched
//! or why it did not. "Check it first" imports nothing (`--dry-run`). The API takes the same,
//! as JSON.

use crate::error::Result;
use crate::ids::{CampaignId, RosterId};
use crate::ops;
use crate::ops::lists::{ImportRequest, Imported, Target};
use crate::server::kit::actions::{Flag, yes};
use crate::server::kit::answers::done as done_answer;
use crate::server::kit::extract::Path;
use crate::server::kit::extract::{Form, Json};
use crate::server::kit::form::{self, Field};
use crate::server::kit::forms::{check_key, refused, session, shown_again};
use crate::server::kit::rights::auth::changing;
use crate::server::{Failure, Shared, not_found_if_unknown};
use crate::store::Store;
use axum::Router;
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use maud::{Markup, html};
use serde::Deserialize;
use serde_json::Value;

pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/rosters/{id}/import", post(into_form))
        .route("/api/rosters/{id}/import", post(into_api))
        .route("/campaigns/{id}/import", post(new_form))
        .route("/api/campaigns/{id}/import", post(new_api))
}

/// A list and how to take it; for a new roster, its player and (when the list marks no
/// general) its warlord, Path and ability.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ListBody {
    #[serde(default)]
    key: String,
    /// The list as text: the app's or New Recruit's export, forum text, or JSON.
    #[serde(default)]
    list: String,
    #[serde(default)]
    faction: Option<String>,
    #[serde(default)]
    player: Option<String>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    warlord: Option<String>,
    #[serde(default)]
    path: Option<String>,
    #[serde(default)]
    ability: Option<String>,
    /// Report only, write nothing (a form's checkbox, or the API's `true`).
    #[serde(default)]
    dry_run: Option<Flag>,
    /// Import what matched and leave out what did not.
    #[serde(default)]
    skip_unknown: Option<Flag>,
}

/// A list form as a browser sends it: `multipart/form-data` when it carries a file (the page's
/// form), else urlencoded; its fields, and the file's bytes.
struct Upload(ListBody, Option<Vec<u8>>);

impl<S: Send + Sync> FromRequest<S> for Upload {
    type Rejection = Response;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let multipart = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("multipart/form-data"));
        if !multipart {
            let Form(b) = Form::<ListBody>::from_request(req, state)
                .await
                .map_err(IntoResponse::into_response)?;
            return Ok(Upload(b, None));
        }
        let (path, headers) = (req.uri().path().to_string(), req.headers().clone());
        let mut parts = Multipart::from_request(req, state)
            .await
            .map_err(IntoResponse::into_response)?;
        // Too large is 413 (the body limit), a broken form 400: as the framework says.
        let unreadable = |e: axum::extract::multipart::MultipartError| {
            (e.status(), format!("the form could not be read: {e}")).into_response()
        };
        let (mut fields, mut file) = (serde_json::Map::new(), None);
        while let Some(part) = parts.next_field().await.map_err(unreadable)? {
            let name = part.name().unwrap_or_default().to_string();
            if name == "once" {
                // The one-use token, read by `once.rs`.
                continue;
            } else if name == "file" {
                file = Some(part.bytes().await.map_err(unreadable)?.to_vec());
            } else {
                fields.insert(name, Value::String(part.text().await.map_err(unreadable)?));
            }
        }
        // The text fields, read by the struct the urlencoded form is (every value a string);
        // a refusal names the field, as the urlencoded form's does.
        let b = crate::server::kit::extract::read(Value::Object(fields))
            .map_err(|f| crate::server::kit::extract::refused_form(&headers, &path, f))?;
        Ok(Upload(b, file))
    }
}

/// Where the list goes: into roster `into`, else a new roster of `campaign`.
fn import(
    s: &crate::server::Server,
    store: &mut Store,
    b: &ListBody,
    file: Option<&[u8]>,
    into: Option<RosterId>,
    campaign: CampaignId,
) -> Result<Imported> {
    let some = |v: &Option<String>| v.as_deref().and_then(crate::server::kit::forms::some);
    let (player, name, warlord, path, ability, faction) = (
        some(&b.player),
        some(&b.name),
        some(&b.warlord),
        some(&b.path),
        some(&b.ability),
        some(&b.faction),
    );
    let target = match into {
        Some(r) => Target::Into(r),
        None => Target::New {
            campaign,
            player: player.as_deref().unwrap_or(""),
            name: name.as_deref(),
            warlord: warlord.as_deref(),
            path: path.as_deref(),
            ability: ability.as_deref(),
        },
    };
    if into.is_none() && player.is_none() {
        return Err(crate::error::Error::refused("name the new roster's player"));
    }
    // A file sent (.ros, .rosz, a saved export) is read as it is; else the text pasted.
    let bytes = match file.filter(|f| !f.is_empty()) {
        Some(f) => f,
        None if b.list.trim().is_empty() => {
            return Err(crate::error::Error::refused(
                "paste the list, or choose its file (.ros, .rosz, .json, .txt)",
            ));
        }
        None => b.list.as_bytes(),
    };
    let req = ImportRequest {
        bytes,
        format: None,
        faction: faction.as_deref(),
        target,
        dry_run: yes(&b.dry_run),
        skip_unknown: yes(&b.skip_unknown),
        strict: false,
    };
    ops::lists::import(&s.catalogue, store, &req)
}

/// An import refused by its report (lines not matched) is a 422 with the report.
fn answer(done: Imported) -> Result<Value, Failure> {
    let report = serde_json::to_value(&done).map_err(|e| Failure::from(crate::error::Error::from(e)))?;
    match done.refused {
        Some(why) => Err(Failure {
            report: Some(report),
            fixes: why.fixes,
            ..Failure::new(StatusCode::UNPROCESSABLE_ENTITY, why.message)
        }),
        None => Ok(report),
    }
}

/// `POST /api/rosters/{id}/import`: the list's units into the roster, still in set-up.
async fn into_api(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Json(b): Json<ListBody>,
) -> Result<Json<Value>, Failure> {
    let at = changing(&server, &headers, id).await?;
    let done = server
        .with_store(move |s, store| import(s, store, &b, None, Some(at.id), CampaignId(at.campaign_id)))
        .await?;
    Ok(Json(answer(done)?))
}

/// `POST /api/campaigns/{id}/import`: a new roster from the list (the organiser).
async fn new_api(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Json(b): Json<ListBody>,
) -> Result<Json<Value>, Failure> {
    let at = crate::server::kit::actions::organised(&server, &headers, id).await?;
    let done = server
        .with_store(move |s, store| import(s, store, &b, None, None, at.id))
        .await?;
    Ok(Json(answer(done)?))
}

/// The list pasted on a roster's page (its player, or the organiser).
async fn into_form(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Upload(b, file): Upload,
) -> Response {
    let back = format!("/rosters/{id}");
    let done = async {
        let ring = session(&server, &headers).await?;
        check_key(&ring, &b.key)?;
        let at = server
            .with_reader(move |s, store| s.locate(store, id))
            .await
            .map_err(not_found_if_unknown)?;
        if ring.changer_of(at.campaign_id, id).is_none() {
            return Err(Failure::new(
                StatusCode::FORBIDDEN,
                "your invite may not change that roster: a player changes their own roster only",
            ));
        }
        let dry_run = yes(&b.dry_run);
        let done = server
            .with_store(move |s, store| {
                import(
                    s,
                    store,
                    &b,
                    file.as_deref(),
                    Some(at.id),
                    CampaignId(at.campaign_id),
                )
            })
            .await?;
        Ok((done, dry_run))
    };
    match done.await {
        Ok((done, dry_run)) => report_page(&done, dry_run, &back),
        Err(f) => refused(f, &back),
    }
}

/// The list pasted on the organiser's page: a new roster of the campaign.
async fn new_form(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Upload(b, file): Upload,
) -> Response {
    let back = format!("/campaigns/{id}/organise");
    let done = async {
        let ring = session(&server, &headers).await?;
        check_key(&ring, &b.key)?;
        let at = crate::server::kit::actions::organised(&server, &headers, id).await?;
        let dry_run = yes(&b.dry_run);
        let done = server
            .with_store(move |s, store| import(s, store, &b, file.as_deref(), None, at.id))
            .await?;
        Ok((done, dry_run))
    };
    match done.await {
        Ok((done, dry_run)) => report_page(&done, dry_run, &back),
        Err(f) => refused(f, &back),
    }
}

/// The import's answer: imported, back to the page with the report (a reload imports
/// nothing again); refused or only checked, the page again with the list still in its form and
/// the report beside it (422 when refused).
fn report_page(done: &Imported, dry_run: bool, back: &str) -> Response {
    let report = report_html(done).into_string();
    match (&done.refused, dry_run) {
        (Some(_), _) => shown_again(
            StatusCode::UNPROCESSABLE_ENTITY,
            "List not imported".into(),
            Some(report),
            back,
        ),
        (None, true) => shown_again(
            StatusCode::OK,
            "List checked: nothing written".into(),
            Some(report),
            back,
        ),
        (None, false) => done_answer(back, format!("<strong>List imported</strong>{report}")),
    }
}

fn report_html(done: &Imported) -> Markup {
    let m = &done.matched;
    html! {
        @if let Some(why) = &done.refused {
            p { strong { (crate::fix::with_page_words(&why.message, &why.fixes)) } }
        }
        p { "Read as " (done.format) " (" (m.faction) ")." }
        div.scroll tabindex="0" role="region" aria-label="The list, line by line" { table {
            tr { th { "Line" } th {} th { "List" } th { "Matched" } }
            @for l in &m.report {
                tr {
                    td { (l.line) }
                    td { (l.status.label()) }
                    td { (l.text) }
                    td { (l.detail.for_pages()) }
                }
            }
        } }
        @if let Some(r) = &done.roster {
            p { (r.name) @if done.written { " now has " } @else { " would have " }
                (r.active_units().count()) " units, " (r.points()) " points." }
        }
        @if !done.problems.is_empty() {
            ul { @for p in &done.problems { li { "problem (" (p.rule) "): " (p.message) } } }
        }
        @if done.refused.is_some() && !done.may_lead.is_empty() {
            p.note { "HEROes of the list that may lead (the warlord field): " (done.may_lead.join(", ")) }
        }
    }
}

/// The form pasting a list, sent to `action`: into a roster in set-up, or, with
/// `new_roster`, as a new roster of the campaign (the organiser's page, asking its player).
/// A refusal, or a "check it first", comes back in it with the report beside it.
pub fn list_form(action: &str, key: &str, new_roster: bool) -> form::Form {
    let mut form = form::Form::new(if new_roster { "import-new" } else { "import" }, action, "Import")
        .key(key)
        .multipart()
        .field(Field::area(
            "list",
            "Paste the list (the app's or New Recruit's export, or forum text)",
            8,
        ))
        .field(Field::file(
            "file",
            "or choose its file (.ros, .rosz, .json, .txt)",
            ".ros,.rosz,.json,.txt",
        ));
    if new_roster {
        form = form
            .field(Field::text("player", "Player", 100).required())
            .field(Field::text("name", "roster name (empty: the list's)", 100))
            .field(
                Field::text("warlord", "warlord", 100)
                    .hint("when the list marks no general, or one that may not lead"),
            )
            .field(Field::text("path", "Path", 100).hint("e.g. Path of the Warrior"))
            .field(Field::text("ability", "ability", 100));
    }
    form.field(Field::check("dry_run", "check it first (write nothing)"))
        .field(Field::check("skip_unknown", "leave out lines that do not match"))
}

/// [`list_form`] drawn as it stands.
pub fn import_form(action: &str, key: &str, new_roster: bool) -> Markup {
    list_form(action, key, new_roster).render()
}
