//! The shared machinery every resource (campaign, roster, battle, session, api) builds on:
//! who may do what (`rights`). It sits below the resources and imports none of them, so the
//! server reads top-down: the root wires the routes, each resource owns its routes, forms and
//! pages, and the kit serves them all.

pub(in crate::server) mod rights;
