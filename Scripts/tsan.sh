#!/usr/bin/env bash
# The runtime's concurrency under ThreadSanitizer: readers on several threads while a writer
# swaps and overrides themes (ThemeStoreTests), and the feed loader (ThemeFeedTests: a deadline
# timer and URLSession's callback race to resume one continuation; skipped without nginx), and
# the language server's edits checked in part (each permutation redefined on its own thread,
# the diagnostics listed while the base permutation is put together), a large file's edits
# parsed again in part, many diagnostics listed once on two threads, and every permutation of a
# resolver resolved by whichever thread is free while the check takes them in order, built with
# -sanitize=thread in its own build folder. Any data race fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1" \
    swift test --scratch-path .build-tsan --sanitize=thread --filter "ThemeStoreTests|ConfigParserFacadeTests|ThemeFeedTests|oneTokenEditsGiveWhatAFullCheckGives|renamedKeysGiveWhatAFullCheckGives|CheckedSystemTests|ReparseTests|eachDiagnosticIsListedOnceAsASetOfThemWouldList|ResolverTests"
