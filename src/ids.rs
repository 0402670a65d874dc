//! Typed ids of the rows a player names: a campaign, a roster. (Battles have no names: their
//! ids are typed by players as they are.) A name becomes one of
//! these once, where it is typed (the CLI's argument through `ops::resolve`, the server's path);
//! every operation below takes the id and never looks a name up again, so the roster whose
//! rights were checked is the roster that is written.

use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! typed_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl $name {
            /// The row id as the store keeps it.
            pub fn get(self) -> i64 {
                self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

typed_id!(
    /// A campaign's row id.
    CampaignId
);
typed_id!(
    /// A roster's row id (unique across campaigns; a deleted roster keeps its id).
    RosterId
);
