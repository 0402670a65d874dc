#!/bin/sh
# Former names of BSData's unit entries, from the catalogues' git history (issue #41).
#
# BSData keeps a unit's selectionEntry id across a rename (Grave Guard -> Barrow Guard), so every
# name an id carried in any commit, other than its name at the newest commit, is a former name.
# Prints data/renames.toml (a TOML table the importer reads: src/catalogue/renames.rs), with
# the commit range it was derived from as provenance.
#
#   tools/bsdata_renames.sh GIT_DIR [REV] > data/renames.toml
#
# GIT_DIR is a clone of BSData/age-of-sigmar-4th with its whole history (a bare one will do);
# REV defaults to HEAD. Needs git and perl; takes a few seconds. Besides renames under one id,
# a unit BSData replaced with a new entry of a shorter name (Exalted Deathbringer by
# Deathbringer) is found by its words; ids BSData reused for another unit are set aside.
set -eu
dir=${1:?usage: tools/bsdata_renames.sh GIT_DIR [REV]}
rev=${2:-HEAD}
git="git --git-dir=$dir"
to=$($git rev-parse "$rev")
from=$($git rev-list --max-parents=0 "$to" | tail -n 1)
date=$($git show -s --format=%cs "$to")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Every unit entry line at the newest commit: the current names.
$git grep '<selectionEntry type="unit"' "$to" -- '*.cat' | sed "s/^$to://" > "$tmp/now" || true
# Every unit entry line any commit added or removed: all names ever held.
$git log -p --no-renames --format='commit %H' -G'selectionEntry type="unit"' "$to" -- '*.cat' \
    | grep -E '^diff --git |^[-+][[:space:]]*<selectionEntry type="unit"' > "$tmp/ever" || true
perl -e '
    use strict; use warnings;
    my ($now, $ever, $from, $to, $date) = @ARGV;
    # The faction a catalogue file belongs to ("Blades of Khorne - Library.cat").
    sub faction { my $f = shift; $f =~ s/ - .*//; $f =~ s/\.cat.*//; $f }
    # (id, name, faction) of each unit entry line; "now" lines start with their file, "ever"
    # lines follow a diff header naming it.
    sub entries {
        my ($file) = @_;
        open(my $fh, "<", $file) or die "$file: $!";
        my @out;
        my $cat = "";
        while (my $line = <$fh>) {
            if ($line =~ m{^diff --git a/(.*?\.cat) b/}) { $cat = $1; next }
            $cat = $1 if $line =~ /^([^<]*?\.cat):/;
            my ($name) = $line =~ /\sname="([^"]*)"/ or next;
            my ($id) = $line =~ /\sid="([^"]*)"/ or next;
            for ($name) {
                s/&apos;/\x27/g; s/&quot;/"/g; s/&lt;/</g; s/&gt;/>/g; s/&amp;/&/g;
                s/^\s+|\s+$//g; s/\s+/ /g;
            }
            push @out, [$id, $name, faction($cat)];
        }
        return @out;
    }
    my (%current, %former, %aside);
    sub words { grep { length($_) >= 3 && !/^(the|and|with)$/ } split /[^a-z0-9]+/, lc shift }
    sub distance {
        my ($s, $t) = @_;
        my @d = (0 .. length $t);
        for my $i (1 .. length $s) {
            my @e = ($i);
            for my $j (1 .. length $t) {
                my $cost = substr($s, $i - 1, 1) eq substr($t, $j - 1, 1) ? 0 : 1;
                my $m = $d[$j - 1] + $cost;
                $m = $d[$j] + 1 if $d[$j] + 1 < $m;
                $m = $e[$j - 1] + 1 if $e[$j - 1] + 1 < $m;
                push @e, $m;
            }
            @d = @e;
        }
        return $d[-1];
    }
    sub akin {
        my ($a, $b) = @_;
        for my $x (words($a)) {
            for my $y (words($b)) { return 1 if distance($x, $y) <= 2 }
        }
        return 0;
    }
    my (%faction_of, %gone);
    for (entries($now)) { $current{$_->[0]}{$_->[1]} = 1; $faction_of{$_->[0]} = $_->[2] }
    my %current_name = map { lc($_) => 1 } map { keys %$_ } values %current;
    for (entries($ever)) {
        my ($id, $name, $cat) = @$_;
        # An entry gone by the newest commit, its name no unit s today: replaced (below).
        if (!$current{$id}) { $gone{$cat}{$name} = 1 unless $current_name{lc $name}; next }
        next if grep { lc($_) eq lc($name) } keys %{$current{$id}};
        # An id BSData once gave another unit by mistake ("Ashen Elder" on a Dominator
        # Engine): no word in common, nor one a typo apart, is no rename.
        my ($now_name) = sort keys %{$current{$id}};
        if (!akin($name, $now_name)) { $aside{$id}{$name} = 1; next; }
        $former{$id}{$name} = 1;
    }
    # A unit BSData replaced with a new entry (Exalted and Aspiring Deathbringer by one
    # Deathbringer; Sisters of Slaughter with Bladed Bucklers by Sisters of Slaughter): a gone
    # name holding every word of exactly one of the same faction s units today is its former
    # name.
    sub name_words { grep { length($_) >= 3 && !/^(the|and|with|of|on)$/ } split /[^a-z0-9]+/, lc shift }
    for my $cat (sort keys %gone) {
        for my $old (sort keys %{$gone{$cat}}) {
            my %has = map { $_ => 1 } name_words($old);
            my @by = grep {
                my @w = name_words((sort keys %{$current{$_}})[0]);
                $faction_of{$_} eq $cat && @w && !grep { !$has{$_} } @w
            } keys %current;
            my %names = map { (sort keys %{$current{$_}})[0] => $_ } @by;
            next unless keys(%names) == 1;
            $former{$_}{$old} = 1 for @by;
        }
    }
    sub tq { my $s = shift; $s =~ s/\\/\\\\/g; $s =~ s/"/\\"/g; "\"$s\"" }
    print "# Former names of BSData unit entries: for each unit entry id at the newest commit, the\n";
    print "# names the same id had in earlier commits. Generated by tools/bsdata_renames.sh from the\n";
    print "# catalogues git history; re-run it rather than edit by hand (docs/bsdata-import.md).\n\n";
    print "[source]\norigin = \"BSData/age-of-sigmar-4th\"\n";
    print "from = ", tq($from), "\nto = ", tq($to), "\ndate = ", tq($date), "\n";
    for my $id (sort keys %aside) {
        my ($name) = sort keys %{$current{$id}};
        print "# set aside: ", join(", ", sort keys %{$aside{$id}}), " on $name ($id): no word in common\n";
    }
    for my $id (sort { (sort keys %{$current{$a}})[0] cmp (sort keys %{$current{$b}})[0] or $a cmp $b } keys %former) {
        my ($name) = sort keys %{$current{$id}};
        print "\n[[renames]]\nid = ", tq($id), "\nname = ", tq($name), "\nformerly = [",
            join(", ", map { tq($_) } sort keys %{$former{$id}}), "]\n";
    }
' "$tmp/now" "$tmp/ever" "$from" "$to" "$date"
