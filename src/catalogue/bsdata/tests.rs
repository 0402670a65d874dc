//! Unit tests on small hand-written catalogues (CRLF line endings, entities, dangling links,
//! hidden and Legends units, Path to Glory: Ascension points, faction terrain, Anvil heroes,
//! units another unit unlocks, universal lores, truncated and non-XML files).

use super::provenance::parse_provenance;
use super::*;
use crate::catalogue::faction::{EnhancementKind, LoreKind};

const GAME: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<gameSystem xmlns="http://www.battlescribe.net/schema/gameSystemSchema" id="gs-1" name="Test System" revision="3" type="gameSystem">
  <costTypes>
    <costType id="points" name="pts" defaultCostLimit="0" hidden="false"/>
  </costTypes>
  <categoryEntries>
    <categoryEntry id="c-hero" name="HERO" hidden="false"/>
    <categoryEntry id="c-inf" name="INFANTRY" hidden="false"/>
    <categoryEntry id="c-order" name="ORDER" hidden="false"/>
    <categoryEntry id="c-wiz" name="WIZARD (1)" hidden="false"/>
    <categoryEntry id="c-legends" name="Legends" hidden="false"/>
    <categoryEntry id="c-ref" name="Reference" hidden="false"/>
    <categoryEntry id="c-terrain" name="FACTION TERRAIN" hidden="false"/>
  </categoryEntries>
  <forceEntries>
    <forceEntry id="f-ptg" name="Path to Glory: Freeform [UNOFFICIAL]" hidden="false">
      <forceEntries>
        <forceEntry id="f-reg" name="Regiment" hidden="false"/>
      </forceEntries>
    </forceEntry>
    <forceEntry id="f-asc" name="Path to Glory: Ascension" hidden="false"/>
    <forceEntry id="f-ghb" name="General&apos;s Handbook" hidden="false"/>
  </forceEntries>
  <sharedSelectionEntries>
    <selectionEntry type="upgrade" import="true" name="Reinforced" hidden="false" id="reinf"/>
    <selectionEntry type="upgrade" import="true" name="Allow Legends" hidden="false" id="allow-legends"/>
  </sharedSelectionEntries>
  <publications>
    <publication id="pub-season" name="Scourge of Tests"/>
  </publications>
</gameSystem>
"#;

const LIBRARY: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<catalogue library="true" id="lib-1" name="Test Host - Library" gameSystemId="gs-1" revision="2" type="catalogue" xmlns="http://www.battlescribe.net/schema/catalogueSchema">
  <sharedSelectionEntries>
    <selectionEntry type="unit" import="true" name="Knights of Q&amp;A" hidden="false" id="u-knights">
      <selectionEntries>
        <selectionEntry type="model" import="true" name="Knight" hidden="false" id="m-knight">
          <constraints>
            <constraint type="min" value="4" field="selections" scope="parent" shared="true" id="k-min"/>
            <constraint type="max" value="4" field="selections" scope="parent" shared="true" id="k-max"/>
          </constraints>
        </selectionEntry>
      </selectionEntries>
      <selectionEntryGroups>
        <selectionEntryGroup name="Command" id="g-cmd" hidden="false">
          <selectionEntries>
            <selectionEntry type="model" import="true" name="Knight-Captain" hidden="false" id="m-captain">
              <constraints>
                <constraint type="min" value="1" field="selections" scope="parent" shared="true" id="c-min"/>
              </constraints>
            </selectionEntry>
          </selectionEntries>
        </selectionEntryGroup>
      </selectionEntryGroups>
      <categoryLinks>
        <categoryLink name="INFANTRY" hidden="false" id="cl-1" targetId="c-inf" primary="true"/>
        <categoryLink name="ORDER" hidden="false" id="cl-2" targetId="c-order" primary="false"/>
        <categoryLink name="Reference" hidden="false" id="cl-3" targetId="c-ref" primary="false"/>
        <categoryLink name="Nowhere" hidden="false" id="cl-4" targetId="c-missing" primary="false"/>
      </categoryLinks>
    </selectionEntry>
    <selectionEntry type="unit" import="true" name="Lord &apos;Test&apos; &quot;the Bold&quot;" hidden="false" id="u-lord">
      <selectionEntries>
        <selectionEntry type="model" import="true" name="Lord" hidden="false" id="m-lord">
          <constraints>
            <constraint type="min" value="1" field="selections" scope="parent" shared="true" id="l-min"/>
          </constraints>
        </selectionEntry>
      </selectionEntries>
      <categoryLinks>
        <categoryLink name="HERO" hidden="false" id="cl-5" targetId="c-hero" primary="true"/>
        <categoryLink name="WIZARD (1)" hidden="false" id="cl-6" targetId="c-wiz" primary="false"/>
        <categoryLink name="ORDER" hidden="false" id="cl-7" targetId="c-order" primary="false"/>
      </categoryLinks>
    </selectionEntry>
    <selectionEntry type="unit" import="true" name="Old Guard" hidden="false" id="u-old">
      <categoryLinks>
        <categoryLink name="Legends" hidden="false" id="cl-8" targetId="c-legends" primary="false"/>
      </categoryLinks>
    </selectionEntry>
    <selectionEntry type="unit" import="true" name="Seasonal Hero" hidden="true" id="u-season">
      <modifiers>
        <modifier type="set" value="false" field="hidden">
          <conditionGroups>
            <conditionGroup type="or">
              <conditions>
                <condition type="instanceOf" value="1" field="selections" scope="ancestor" childId="f-ptg" shared="true"/>
                <condition type="instanceOf" value="1" field="selections" scope="ancestor" childId="f-ghb" shared="true"/>
              </conditions>
            </conditionGroup>
          </conditionGroups>
        </modifier>
      </modifiers>
      <categoryLinks>
        <categoryLink name="ORDER" hidden="false" id="cl-9" targetId="c-order" primary="false"/>
      </categoryLinks>
    </selectionEntry>
    <selectionEntry type="unit" import="true" name="Handbook Only" hidden="true" id="u-ghb">
      <modifiers>
        <modifier type="set" value="false" field="hidden">
          <conditions>
            <condition type="instanceOf" value="1" field="selections" scope="ancestor" childId="f-ghb" shared="true"/>
          </conditions>
        </modifier>
      </modifiers>
    </selectionEntry>
    <selectionEntry type="unit" import="true" name="Veteran Guard" hidden="false" id="u-veteran">
      <modifiers>
        <modifier type="set" value="true" field="hidden">
          <conditions>
            <condition type="lessThan" value="1" field="selections" scope="roster" childId="allow-legends" shared="true"/>
          </conditions>
        </modifier>
      </modifiers>
      <categoryLinks>
        <categoryLink name="ORDER" hidden="false" id="cl-15" targetId="c-order" primary="false"/>
      </categoryLinks>
    </selectionEntry>
    <selectionEntry type="unit" import="true" name="Knights (Scourge of Tests)" hidden="false" id="u-scourge" publicationId="pub-season"/>
    <selectionEntry type="unit" import="true" name="Shrine of Tests" hidden="false" id="u-shrine">
      <categoryLinks>
        <categoryLink name="FACTION TERRAIN" hidden="false" id="cl-10" targetId="c-terrain" primary="true"/>
        <categoryLink name="ORDER" hidden="false" id="cl-10o" targetId="c-order" primary="false"/>
      </categoryLinks>
    </selectionEntry>
    <selectionEntry type="unit" import="true" name="Tower of Tests" hidden="false" id="u-tower">
      <categoryLinks>
        <categoryLink name="FACTION TERRAIN" hidden="false" id="cl-11" targetId="c-terrain" primary="true"/>
        <categoryLink name="ORDER" hidden="false" id="cl-11o" targetId="c-order" primary="false"/>
      </categoryLinks>
    </selectionEntry>
    <selectionEntry type="unit" import="true" name="Anvil of Apotheosis: Test Host Hero" hidden="true" id="u-anvil">
      <categoryLinks>
        <categoryLink name="HERO" hidden="false" id="cl-12" targetId="c-hero" primary="true"/>
      </categoryLinks>
    </selectionEntry>
    <selectionEntry type="unit" import="true" name="Boss" hidden="false" id="u-boss">
      <categoryLinks>
        <categoryLink name="HERO" hidden="false" id="cl-13" targetId="c-hero" primary="true"/>
        <categoryLink name="ORDER" hidden="false" id="cl-13o" targetId="c-order" primary="false"/>
      </categoryLinks>
    </selectionEntry>
    <selectionEntry type="unit" import="true" name="Retinue" hidden="false" id="u-retinue">
      <categoryLinks>
        <categoryLink name="ORDER" hidden="false" id="cl-14" targetId="c-order" primary="false"/>
      </categoryLinks>
    </selectionEntry>
    <selectionEntry type="unit" import="true" name="Companion" hidden="false" id="u-companion"/>
    <selectionEntry type="unit" import="true" name="Counted Out" hidden="false" id="u-counted">
      <modifiers>
        <modifier type="set" value="true" field="hidden">
          <conditions>
            <condition type="atLeast" value="1" field="selections" scope="roster" childId="u-lord" shared="true"/>
          </conditions>
        </modifier>
      </modifiers>
    </selectionEntry>
  </sharedSelectionEntries>
</catalogue>
"#;

const LORES: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<catalogue library="true" id="lores-1" name="Lores" gameSystemId="gs-1" revision="9" type="catalogue" xmlns="http://www.battlescribe.net/schema/catalogueSchema">
  <sharedSelectionEntryGroups>
    <selectionEntryGroup name="Manifestation Lores" id="lg-univ" hidden="false" flatten="true">
      <selectionEntries>
        <selectionEntry type="upgrade" import="true" name="Forbidden Tests" hidden="false" id="lc-univ">
          <entryLinks>
            <entryLink import="true" name="Forbidden Tests" hidden="false" id="el-univ" type="selectionEntryGroup" targetId="lg-2"/>
          </entryLinks>
        </selectionEntry>
      </selectionEntries>
    </selectionEntryGroup>
    <selectionEntryGroup name="Forbidden Tests" id="lg-2" hidden="false">
      <selectionEntries>
        <selectionEntry type="upgrade" import="true" name="Summon Test Portal" hidden="false" id="sp-portal">
          <profiles>
            <profile name="Summon Test Portal" typeId="t-spell" typeName="Ability (Spell)" hidden="false" id="p-portal">
              <characteristics>
                <characteristic name="Casting Value" typeId="t-2">6</characteristic>
              </characteristics>
            </profile>
          </profiles>
        </selectionEntry>
      </selectionEntries>
    </selectionEntryGroup>
    <selectionEntryGroup name="Lore of Tests" id="lg-1" hidden="false">
      <selectionEntries>
        <selectionEntry type="upgrade" import="true" name="Zap" hidden="false" id="sp-zap">
          <profiles>
            <profile name="Zap" typeId="t-spell" typeName="Ability (Spell)" hidden="false" id="p-zap">
              <characteristics>
                <characteristic name="Timing" typeId="t-1">Your Hero Phase</characteristic>
                <characteristic name="Casting Value" typeId="t-2">7</characteristic>
              </characteristics>
            </profile>
          </profiles>
        </selectionEntry>
        <selectionEntry type="upgrade" import="true" name="Fizzle &amp; Pop" hidden="false" id="sp-fizzle"/>
      </selectionEntries>
    </selectionEntryGroup>
  </sharedSelectionEntryGroups>
</catalogue>
"#;

const FACTION: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<catalogue library="false" id="fac-1" name="Test Host" gameSystemId="gs-1" revision="17" type="catalogue" xmlns="http://www.battlescribe.net/schema/catalogueSchema">
  <entryLinks>
    <entryLink import="true" name="Knights" hidden="false" id="el-knights" type="selectionEntry" targetId="u-knights">
      <costs>
        <cost name="pts" typeId="points" value="100"/>
      </costs>
      <entryLinks>
        <entryLink import="true" name="Reinforced" hidden="false" id="el-reinf" type="selectionEntry" targetId="reinf"/>
        <entryLink import="true" name="Battle Wounds" hidden="false" id="el-bw" type="selectionEntryGroup" targetId="g-wounds"/>
      </entryLinks>
    </entryLink>
    <entryLink import="true" name="Lord" hidden="false" id="el-lord" type="selectionEntry" targetId="u-lord">
      <costs>
        <cost name="pts" typeId="points" value="120"/>
      </costs>
      <entryLinks>
        <entryLink import="true" name="Heroic Traits" hidden="false" id="el-ht" type="selectionEntryGroup" targetId="g-traits"/>
        <entryLink import="true" name="Broken" hidden="false" id="el-broken" type="selectionEntryGroup" targetId="g-nowhere"/>
      </entryLinks>
    </entryLink>
    <entryLink import="true" name="Lord" hidden="false" id="el-lord-2" type="selectionEntry" targetId="u-lord">
      <costs>
        <cost name="pts" typeId="points" value="60"/>
      </costs>
    </entryLink>
    <entryLink import="true" name="Lord (1 model)" hidden="false" id="el-lord-small" type="selectionEntry" targetId="u-lord">
      <costs>
        <cost name="pts" typeId="points" value="40"/>
      </costs>
      <constraints>
        <constraint type="max" value="0" field="selections" scope="roster" shared="true" id="small-max"/>
      </constraints>
    </entryLink>
    <entryLink import="true" name="Old Guard" hidden="false" id="el-old" type="selectionEntry" targetId="u-old">
      <costs>
        <cost name="pts" typeId="points" value="50"/>
      </costs>
    </entryLink>
    <entryLink import="true" name="Seasonal Hero" hidden="false" id="el-season" type="selectionEntry" targetId="u-season">
      <costs>
        <cost name="pts" typeId="points" value="80"/>
      </costs>
    </entryLink>
    <entryLink import="true" name="Handbook Only" hidden="false" id="el-ghb" type="selectionEntry" targetId="u-ghb">
      <costs>
        <cost name="pts" typeId="points" value="80"/>
      </costs>
    </entryLink>
    <entryLink import="true" name="Counted Out" hidden="false" id="el-counted" type="selectionEntry" targetId="u-counted">
      <costs>
        <cost name="pts" typeId="points" value="30"/>
      </costs>
    </entryLink>
    <entryLink import="true" name="Veteran Guard" hidden="false" id="el-veteran" type="selectionEntry" targetId="u-veteran">
      <costs>
        <cost name="pts" typeId="points" value="65"/>
      </costs>
    </entryLink>
    <entryLink import="true" name="Knights (Scourge of Tests)" hidden="false" id="el-scourge" type="selectionEntry" targetId="u-scourge">
      <costs>
        <cost name="pts" typeId="points" value="95"/>
      </costs>
    </entryLink>
    <entryLink import="true" name="Shrine of Tests" hidden="false" id="el-shrine" type="selectionEntry" targetId="u-shrine"/>
    <entryLink import="true" name="Tower of Tests" hidden="false" id="el-tower" type="selectionEntry" targetId="u-tower">
      <costs>
        <cost name="pts" typeId="points" value="20"/>
      </costs>
      <modifiers>
        <modifier type="set" value="0" field="points">
          <conditionGroups>
            <conditionGroup type="or">
              <conditions>
                <condition type="instanceOf" value="1" field="selections" scope="ancestor" childId="f-asc" shared="true"/>
                <condition type="instanceOf" value="1" field="selections" scope="ancestor" childId="f-ghb" shared="true"/>
              </conditions>
            </conditionGroup>
          </conditionGroups>
        </modifier>
        <modifier type="set" value="35" field="points">
          <conditions>
            <condition type="instanceOf" value="1" field="selections" scope="ancestor" childId="f-ghb" shared="true"/>
          </conditions>
        </modifier>
      </modifiers>
    </entryLink>
    <entryLink import="true" name="Anvil of Apotheosis: Test Host Hero" hidden="false" id="el-anvil" type="selectionEntry" targetId="u-anvil"/>
    <entryLink import="true" name="Retinue" hidden="false" id="el-retinue" type="selectionEntry" targetId="u-retinue">
      <costs>
        <cost name="pts" typeId="points" value="70"/>
      </costs>
      <constraints>
        <constraint type="max" value="0" field="selections" scope="force" shared="true" id="ret-max"/>
      </constraints>
      <modifiers>
        <modifier type="increment" value="1" field="ret-max">
          <repeats>
            <repeat value="1" repeats="1" field="selections" scope="roster" childId="el-boss" shared="true" roundUp="false"/>
          </repeats>
        </modifier>
      </modifiers>
    </entryLink>
    <entryLink import="true" name="Boss" hidden="false" id="el-boss" type="selectionEntry" targetId="u-boss">
      <costs>
        <cost name="pts" typeId="points" value="90"/>
      </costs>
    </entryLink>
    <entryLink import="true" name="Companion" hidden="false" id="el-companion" type="selectionEntry" targetId="u-companion"/>
    <entryLink import="true" name="Ghost" hidden="false" id="el-ghost" type="selectionEntry" targetId="u-nowhere">
      <costs>
        <cost name="pts" typeId="points" value="10"/>
      </costs>
    </entryLink>
  </entryLinks>
  <catalogueLinks>
    <catalogueLink type="catalogue" name="Test Host - Library" id="cl-lib" targetId="lib-1"/>
    <catalogueLink type="catalogue" name="Lores" id="cl-lores" targetId="lores-1" importRootEntries="true"/>
  </catalogueLinks>
  <sharedSelectionEntryGroups>
    <selectionEntryGroup name="Heroic Traits" id="g-traits" hidden="false">
      <selectionEntryGroups>
        <selectionEntryGroup name="Battletome Traits" id="g-bt" hidden="false">
          <selectionEntries>
            <selectionEntry type="upgrade" import="true" name="Brave &amp; True" hidden="false" id="t-1"/>
            <selectionEntry type="upgrade" import="true" name="Stubborn" hidden="false" id="t-2"/>
          </selectionEntries>
        </selectionEntryGroup>
        <selectionEntryGroup name="Old Traits" id="g-old" hidden="true">
          <selectionEntries>
            <selectionEntry type="upgrade" import="true" name="Forgotten" hidden="false" id="t-3"/>
          </selectionEntries>
        </selectionEntryGroup>
      </selectionEntryGroups>
    </selectionEntryGroup>
    <selectionEntryGroup name="Battle Wounds + Scars" id="g-wounds" hidden="true">
      <selectionEntries>
        <selectionEntry type="upgrade" import="true" name="Battle Wounds" hidden="false" id="w-1"/>
      </selectionEntries>
    </selectionEntryGroup>
    <selectionEntryGroup name="Spell Lores" id="g-spells" hidden="false" flatten="true">
      <selectionEntries>
        <selectionEntry type="upgrade" import="true" name="Lore of Tests" hidden="false" id="lc-1">
          <entryLinks>
            <entryLink import="true" name="Lore of Tests" hidden="false" id="el-lore" type="selectionEntryGroup" targetId="lg-1"/>
          </entryLinks>
        </selectionEntry>
      </selectionEntries>
    </selectionEntryGroup>
  </sharedSelectionEntryGroups>
</catalogue>
"#;

const PROVENANCE: &str =
    "Files of `BSData/age-of-sigmar-4th`, at commit 6c4bfee (2026-08-18, \"typo fixes\").\n";

/// Writes the test catalogues (with CRLF line endings, like the real files) into a folder.
fn checkout(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text.replace('\n', "\r\n")).expect("write");
    }
    dir
}

fn standard() -> tempfile::TempDir {
    checkout(&[
        ("Test System.gst", GAME),
        ("Test Host - Library.cat", LIBRARY),
        ("Lores.cat", LORES),
        ("Test Host.cat", FACTION),
        ("PROVENANCE.md", PROVENANCE),
    ])
}

fn import_standard() -> Import {
    let dir = standard();
    import_dir(dir.path()).expect("the test checkout imports")
}

#[test]
fn units_with_entities_crlf_sizes_and_keywords() {
    let import = import_standard();
    assert_eq!(import.factions.len(), 1);
    let f = &import.factions[0];
    assert_eq!(f.name, "Test Host");
    assert_eq!(f.grand_alliance, "Order");
    let names: Vec<&str> = f.units.iter().map(|u| u.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Knights of Q&A",
            "Lord 'Test' \"the Bold\"",
            "Old Guard",
            "Counted Out",
            "Veteran Guard",
            "Shrine of Tests",
            "Tower of Tests",
            "Anvil of Apotheosis: Test Host Hero",
            "Boss",
            "Retinue",
        ]
    );

    let knights = &f.units[0];
    assert_eq!(
        (knights.points, knights.unit_size, knights.reinforceable),
        (100, 5, true)
    );
    assert_eq!(knights.id, "u-knights");
    // "Reference" is BSData bookkeeping, not a printed keyword.
    assert_eq!(knights.keywords, ["INFANTRY", "ORDER"]);

    let lord = &f.units[1];
    assert_eq!((lord.points, lord.unit_size, lord.reinforceable), (120, 1, false));
    assert_eq!(lord.keywords, ["HERO", "WIZARD (1)", "ORDER"]);
    assert!(lord.is_wizard());
    assert!(f.problems().is_empty(), "{:?}", f.problems());
}

#[test]
fn what_a_path_to_glory_ascension_roster_sees() {
    let f = &import_standard().factions[0];
    // Seasonal content (shown only in Freeform or a handbook force, or published in a season's
    // book), a dangling link, and a unit without a cost that is neither terrain nor an Anvil
    // hero (it comes with another).
    for gone in [
        "Seasonal Hero",
        "Handbook Only",
        "Knights (Scourge of Tests)",
        "Ghost",
        "Companion",
    ] {
        assert!(f.unit(gone).is_none(), "{gone} should be skipped");
    }
    // The "max 0" copy (40 pts) is not offered; the first link of the name wins over the
    // second (60 pts).
    assert_eq!(f.units.iter().filter(|u| u.id == "u-lord").count(), 1);
    assert_eq!(f.units[1].points, 120);
    // A condition the importer cannot decide leaves the default (visible) in place.
    assert_eq!(f.unit("Counted Out").map(|u| u.points), Some(30));
    // Legends units are kept, marked; the others are not marked.
    // Legends units are kept, marked: in the Legends category, or shown only with BSData's
    // "Allow Legends" switch on. The others are not marked.
    let old = f.unit("Old Guard").expect("Legends unit imported");
    assert!(old.legends && old.points == 50, "{old:?}");
    let veteran = f.unit("Veteran Guard").expect("Allow Legends unit imported");
    assert!(veteran.legends && veteran.points == 65, "{veteran:?}");
    assert!(f.units.iter().filter(|u| u.legends).count() == 2);
    // Faction terrain: free without a cost, and Ascension's 0 over the 20 on the link (the
    // handbook's 35 does not apply to an Ascension roster).
    for terrain in ["Shrine of Tests", "Tower of Tests"] {
        let t = f.unit(terrain).expect("terrain imported");
        assert!(t.is_faction_terrain() && t.points == 0, "{t:?}");
    }
    // The Anvil hero is kept though hidden, marked, at 0 points.
    let anvil = f.unit("Anvil of Apotheosis: Test Host Hero").expect("Anvil hero");
    assert!(
        anvil.anvil_of_apotheosis && anvil.points == 0 && !anvil.legends,
        "{anvil:?}"
    );
    // One Retinue per Boss: the max-0 unit that Boss's selections lift is kept with it.
    let retinue = f.unit("Retinue").expect("unlocked unit");
    assert_eq!(retinue.unlocked_by.as_deref(), Some("Boss"));
    assert_eq!(retinue.points, 70);
    assert!(f.units.iter().filter(|u| u.unlocked_by.is_some()).count() == 1);
    assert!(f.problems().is_empty(), "{:?}", f.problems());
}

#[test]
fn dangling_links_and_repeated_names_are_warnings() {
    let import = import_standard();
    let w = import.warnings.join("\n");
    assert!(
        w.contains("Test Host.cat: <entryLink> 'Ghost' (id el-ghost"),
        "{w}"
    );
    assert!(w.contains("targetId u-nowhere not found"), "{w}");
    assert!(w.contains("<entryLink> 'Broken' (id el-broken"), "{w}");
    assert!(w.contains("categoryLink targetId c-missing not found"), "{w}");
    assert!(
        w.contains("<entryLink> 'Lord' (id el-lord-2") && w.contains("already imported"),
        "{w}"
    );
}

#[test]
fn enhancement_tables_and_lores() {
    let f = &import_standard().factions[0];
    assert_eq!(f.enhancement_tables.len(), 1, "{:?}", f.enhancement_tables);
    let t = &f.enhancement_tables[0];
    assert_eq!(t.name, "Heroic Traits");
    assert_eq!(t.kind, EnhancementKind::HeroicTrait);
    // The hidden sub-group is left out; "Battle Wounds + Scars" is hidden, so not a table.
    assert_eq!(t.enhancements, ["Brave & True", "Stubborn"]);
    assert_eq!(t.eligible, ["Lord 'Test' \"the Bold\""]);

    // The faction's own lore, then the universal manifestation lore of Lores.cat.
    assert_eq!(f.lores.len(), 2, "{:?}", f.lores);
    let univ = &f.lores[1];
    assert_eq!(
        (univ.name.as_str(), univ.kind, univ.entries[0].value),
        ("Forbidden Tests", LoreKind::Manifestation, Some(6))
    );
    let lore = &f.lores[0];
    assert_eq!(
        (lore.name.as_str(), lore.kind),
        ("Lore of Tests", LoreKind::Spell)
    );
    let entries: Vec<(&str, Option<u32>)> = lore.entries.iter().map(|e| (e.name.as_str(), e.value)).collect();
    assert_eq!(entries, [("Zap", Some(7)), ("Fizzle & Pop", None)]);
}

#[test]
fn source_comes_from_provenance_and_the_catalogue() {
    let f = &import_standard().factions[0];
    assert_eq!(f.source.origin, ORIGIN);
    assert_eq!(
        (f.source.commit.as_str(), f.source.date.as_str()),
        ("6c4bfee", "2026-08-18")
    );
    assert_eq!(
        (f.source.catalogue.as_str(), f.source.revision),
        ("Test Host.cat", 17)
    );
}

#[test]
fn provenance_and_git_head() {
    assert_eq!(
        parse_provenance("at commit 6c4bfee (2026-08-18, \"typo fixes\")"),
        Some(("6c4bfee".to_string(), "2026-08-18".to_string()))
    );
    assert_eq!(
        parse_provenance("commit abcdef1234 without a date"),
        Some(("abcdef1234".into(), String::new()))
    );
    assert_eq!(parse_provenance("no commit here"), None);

    let dir = tempfile::tempdir().expect("temp dir");
    let git = dir.path().join(".git");
    std::fs::create_dir_all(git.join("refs/heads")).expect("mkdir");
    std::fs::write(git.join("HEAD"), "ref: refs/heads/main\n").expect("write");
    std::fs::write(
        git.join("refs/heads/main"),
        "0123456789abcdef0123456789abcdef01234567\n",
    )
    .expect("write");
    let s = provenance(dir.path());
    assert_eq!((s.commit.as_str(), s.date.as_str()), ("0123456", ""));
    assert_eq!(provenance(&dir.path().join("nothing")).commit, "");
}

#[test]
fn missing_folder_is_an_error_naming_it() {
    let err = import_dir(Path::new("/no/such/bsdata/folder")).expect_err("missing folder");
    let msg = err.to_string();
    assert!(
        msg.starts_with("/no/such/bsdata/folder: cannot read the catalogue folder"),
        "{msg}"
    );
}

#[test]
fn a_folder_without_a_game_system_or_factions_is_an_error() {
    let dir = checkout(&[("Lores.cat", LORES)]);
    let msg = import_dir(dir.path()).expect_err("no .gst").to_string();
    assert!(msg.contains("no game system file (*.gst)"), "{msg}");
    let dir = checkout(&[("Test System.gst", GAME), ("Lores.cat", LORES)]);
    let msg = import_dir(dir.path()).expect_err("no faction").to_string();
    assert!(msg.contains("no faction catalogue"), "{msg}");
}

#[test]
fn a_non_xml_catalogue_is_an_error_naming_the_file() {
    let dir = standard();
    std::fs::write(dir.path().join("Notes.cat"), "just some notes, not XML\n").expect("write");
    let msg = import_dir(dir.path()).expect_err("non-XML").to_string();
    assert!(
        msg.starts_with("Notes.cat: not a valid catalogue: XML error at line 1 (byte 0)"),
        "{msg}"
    );

    std::fs::write(dir.path().join("Notes.cat"), "<html><body/></html>").expect("write");
    let msg = import_dir(dir.path()).expect_err("not a catalogue").to_string();
    assert!(
        msg.contains("Notes.cat: not a BattleScribe catalogue: the root element is <html>"),
        "{msg}"
    );

    std::fs::write(dir.path().join("Notes.cat"), b"<catalogue name=\"\xff\"/>").expect("write");
    let msg = import_dir(dir.path()).expect_err("not UTF-8").to_string();
    assert!(msg.contains("Notes.cat: not UTF-8 text"), "{msg}");
}

#[test]
fn a_truncated_catalogue_is_an_error_with_its_position() {
    let cut = &FACTION[..FACTION.find("<catalogueLinks>").expect("marker")];
    let dir = checkout(&[
        ("Test System.gst", GAME),
        ("Test Host - Library.cat", LIBRARY),
        ("Test Host.cat", cut),
    ]);
    let msg = import_dir(dir.path()).expect_err("truncated").to_string();
    assert!(
        msg.starts_with("Test Host.cat: truncated catalogue: <catalogue> opened at line 2 (byte"),
        "{msg}"
    );

    // Cut inside a tag: quick-xml's own error, with the line of the cut.
    let at = FACTION.find("targetId=\"u-lord\"").expect("marker");
    let line = FACTION[..at].lines().count();
    let cut = &FACTION[..at];
    let dir = checkout(&[
        ("Test System.gst", GAME),
        ("Test Host - Library.cat", LIBRARY),
        ("Test Host.cat", cut),
    ]);
    let msg = import_dir(dir.path())
        .expect_err("truncated in a tag")
        .to_string();
    assert!(
        msg.starts_with(&format!(
            "Test Host.cat: not a valid catalogue: XML error at line {line} (byte"
        )),
        "{msg}"
    );
}

#[test]
fn malformed_attributes_and_tags_are_errors() {
    let bad = FACTION.replace("name=\"Old Guard\" hidden", "name=\"Old &bogus; Guard\" hidden");
    let dir = checkout(&[
        ("Test System.gst", GAME),
        ("Test Host - Library.cat", LIBRARY),
        ("Test Host.cat", &bad),
    ]);
    let msg = import_dir(dir.path()).expect_err("bad entity").to_string();
    let line = bad[..bad.find("&bogus;").expect("marker")].lines().count();
    assert!(
        msg.starts_with(&format!(
            "Test Host.cat: not a valid catalogue: XML error at line {line} (byte"
        )),
        "{msg}"
    );
    assert!(msg.contains("<entryLink>"), "{msg}");

    let bad = FACTION.replace(
        "</entryLinks>\n  <catalogueLinks>",
        "</entryLink>\n  <catalogueLinks>",
    );
    let dir = checkout(&[
        ("Test System.gst", GAME),
        ("Test Host - Library.cat", LIBRARY),
        ("Test Host.cat", &bad),
    ]);
    let msg = import_dir(dir.path())
        .expect_err("mismatched end tag")
        .to_string();
    assert!(
        msg.contains("Test Host.cat: not a valid catalogue: XML error at line"),
        "{msg}"
    );
}

#[test]
fn other_catalogues_are_listed_as_skipped() {
    let aor = FACTION.replace(
        "id=\"fac-1\" name=\"Test Host\"",
        "id=\"fac-2\" name=\"Test Host - Grand Parade\"",
    );
    let dir = standard();
    std::fs::write(dir.path().join("Test Host - Grand Parade.cat"), aor).expect("write");
    let import = import_dir(dir.path()).expect("imports");
    assert_eq!(import.factions.len(), 1);
    assert_eq!(
        import.skipped,
        ["Test Host - Grand Parade.cat: Army of Renown of Test Host; skipped (its units are the faction's)"]
    );
}

#[test]
fn legends_factions_keep_their_legends_units() {
    let legends = FACTION.replace("name=\"Test Host\"", "name=\"Test Host [LEGENDS]\"");
    let dir = checkout(&[
        ("Test System.gst", GAME),
        ("Test Host - Library.cat", LIBRARY),
        ("Test Host.cat", &legends),
    ]);
    let import = import_dir(dir.path()).expect("imports");
    let f = &import.factions[0];
    assert_eq!(f.name, "Test Host");
    assert_eq!(
        f.unit("Old Guard").map(|u| (u.points, u.unit_size)),
        Some((50, 1))
    );
    // Every unit of a faction BSData marks [LEGENDS] is a Legends unit (the Anvil template
    // aside, which is no unit of the faction's range).
    assert!(
        f.units.iter().all(|u| u.legends || u.anvil_of_apotheosis),
        "{:?}",
        f.units
    );
    assert!(
        import.warnings.iter().any(|w| w.contains("[LEGENDS]")),
        "{:?}",
        import.warnings
    );
}

#[test]
fn slugs() {
    assert_eq!(slug("Stormcast Eternals"), "stormcast-eternals");
    assert_eq!(slug("Lumineth Realm-lords"), "lumineth-realm-lords");
    assert_eq!(slug("  Daughters of Khaine's  Own! "), "daughters-of-khaines-own");
    assert_eq!(slug("Dûr-Grimnir Lodge"), "dûr-grimnir-lodge");
}

#[test]
fn write_factions_writes_headed_files_that_load_back() {
    let import = import_standard();
    let parent = tempfile::tempdir().expect("temp dir");
    let out = parent.path().join("new").join("factions");
    let written = write_factions(&import.factions, &out).expect("writes");
    assert_eq!(written, [out.join("test-host.toml")]);
    let text = std::fs::read_to_string(&written[0]).expect("read back");
    assert!(
        text.starts_with(
            "# Generated by `ptg data import-bsdata` from BSData/age-of-sigmar-4th at 6c4bfee (2026-08-18),"
        ),
        "{text}"
    );
    let back = crate::catalogue::parse_faction("test-host.toml", &text).expect("loads");
    assert_eq!(back, import.factions[0]);
    // Nothing but the faction file is left behind: the staging folder is gone.
    let left: Vec<_> = std::fs::read_dir(out.parent().expect("parent"))
        .expect("list")
        .flatten()
        .collect();
    assert_eq!(left.len(), 1, "{left:?}");

    let mut twice = import.factions.clone();
    twice.push(import.factions[0].clone());
    let err = write_factions(&twice, &out)
        .expect_err("same file twice")
        .to_string();
    assert!(
        err.contains("test-host.toml: factions 'Test Host' and 'Test Host' would share"),
        "{err}"
    );
}
