//! The shared machinery every resource (campaign, roster, battle, session, api) builds on:
//! who may do what (`rights`), the forms and their answers (`form`, `forms`, `answers`,
//! `flash`, `once`), the extractors (`extract`), the actions' plumbing (`actions`) and the
//! page shell and helpers (`shell`, `page`), and a campaign looked up in the
//! server's scope (`scope`). It sits below the resources and imports none of them, so the
//! server reads top-down: the root wires the routes, each resource owns its routes, forms and
//! pages, and the kit serves them all.

pub(in crate::server) mod actions;
pub(in crate::server) mod answers;
pub(in crate::server) mod extract;
pub(in crate::server) mod flash;
pub(in crate::server) mod form;
pub(in crate::server) mod forms;
pub(in crate::server) mod once;
pub(in crate::server) mod page;
pub(in crate::server) mod rights;
pub(in crate::server) mod scope;
pub(in crate::server) mod shell;
