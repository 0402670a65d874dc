//! The template's sections, one file each, every one turning the sheet into a [`Block`] of
//! rows; this file picks the builder for a section.

mod arcane_tome;
mod army;
mod battles;
mod glory;
mod notable_events;
mod order_of_battle;
mod quest_log;

use super::marks::Block;
use super::pen::Pen;
use crate::sheet::template::Section;
use crate::sheet::view::Sheet;
use arcane_tome::arcane_tome;
use army::army;
use battles::battles;
use glory::glory;
use notable_events::events;
use order_of_battle::order_of_battle;
use quest_log::quest_log;

pub(super) fn block(pen: &Pen, s: &Sheet, section: Section) -> Block {
    match section {
        Section::Army => army(pen, s),
        Section::Glory => glory(pen, s),
        Section::QuestLog => quest_log(pen, s),
        Section::Battles => battles(pen, s),
        Section::ArcaneTome => arcane_tome(pen, s),
        Section::NotableEvents => events(pen, s),
        Section::OrderOfBattle => order_of_battle(pen, s),
        Section::PageBreak => Block::default(),
    }
}
