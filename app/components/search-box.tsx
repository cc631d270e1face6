// The header's search field: a plain GET form to /search that, once hydrated, becomes a WAI-ARIA combobox with
// predictive suggestions (books, authors, publishers, articles) fetched while the reader types. The fetching part
// (search-suggestions.tsx, with the API client) is loaded when the field first gets the focus; until then, and
// without JavaScript, the form simply searches.
// https://www.w3.org/WAI/ARIA/apg/patterns/combobox/ (list autocomplete, grouped listbox popup)
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Form, useLocation, useNavigate } from "react-router";
import { cleanSearchQuery, SEARCH_QUERY_MAX } from "~/domain/search-query";
import { afterNextPaint } from "~/lib/after-next-paint";
import type { SuggestionOption as Option, SuggestionState } from "./search-suggestions";

type SuggestionsModule = Pick<typeof import("./search-suggestions"), "SearchSuggestions" | "SuggestionList">;

/**
 * The suggestions' module (the query and the options' markup), imported the first time it is wanted; null until then
 * (or while the import fails).
 */
function useSuggestionsOnDemand(): [SuggestionsModule | null, () => void] {
  const [loaded, setLoaded] = useState<SuggestionsModule | null>(null);
  const requested = useRef(false);
  const load = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    // After the focus has painted: the bundler's preload of the chunk and its imports (a <link> each) costs the
    // focus's frame tens of milliseconds on a slow phone. What is typed meanwhile is the field's state, asked for
    // once the chunk is there.
    afterNextPaint(() =>
      import("./search-suggestions").then(
        (module) => setLoaded({ SearchSuggestions: module.SearchSuggestions, SuggestionList: module.SuggestionList }),
        () => {
          // The plain form still searches; the next focus tries again (a stale build reloads via the boot script).
          requested.current = false;
        },
      ),
    );
  }, []);
  return [loaded, load];
}

/** The query the search page shows, so the field keeps what was searched; empty elsewhere. */
function useUrlQuery(): string {
  const { pathname, search } = useLocation();
  return pathname === "/search" ? cleanSearchQuery(new URLSearchParams(search).get("q")) : "";
}

export function SearchBox() {
  const ids = useId();
  const inputId = "site-search";
  const listboxId = `${ids}-listbox`;
  const navigate = useNavigate();
  const location = useLocation();
  const urlQuery = useUrlQuery();

  const inputRef = useRef<HTMLInputElement>(null);
  const [loaded, loadSuggestions] = useSuggestionsOnDemand();
  const [suggested, setSuggested] = useState<SuggestionState | null>(null);

  // Until hydration the field is a plain search box in a GET form; the combobox roles arrive with the behaviour.
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => {
    setEnhanced(true);
    // Focused before hydration: the suggestions are wanted now.
    if (document.activeElement === inputRef.current) loadSuggestions();
  }, [loadSuggestions]);

  const [value, setValue] = useState(urlQuery);
  const [open, setOpen] = useState(false);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [composing, setComposing] = useState(false);

  // Every navigation (a suggestion, a submitted search, any link) closes the popup and shows the page's query. The
  // first run is hydration: what the reader typed before it (the scripts start after the first paint) stays.
  const hydrated = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per location; the query belongs to it
  useEffect(() => {
    const typed = hydrated.current ? null : (inputRef.current?.value ?? null);
    hydrated.current = true;
    setValue(typed || urlQuery);
    setOpen(false);
    setActiveKey(null);
  }, [location.key]);

  const term = cleanSearchQuery(value);
  const groups = term && suggested ? suggested.groups : [];
  const options = groups.flatMap((g) => g.options);
  const activeIndex = options.findIndex((o) => o.key === activeKey);
  const active = activeIndex >= 0 ? options[activeIndex] : undefined;
  const expanded = enhanced && open && options.length > 0;
  const optionId = (option: Option) => `${listboxId}-${option.key}`;

  useEffect(() => {
    if (!expanded || !active) return;
    document.getElementById(`${listboxId}-${active.key}`)?.scrollIntoView({ block: "nearest" });
  }, [expanded, active, listboxId]);

  // What a screen reader hears once the suggestions for what was typed have arrived.
  const announcement = enhanced && open && term && suggested?.term === term ? suggested.announcement : "";

  function close() {
    setOpen(false);
    setActiveKey(null);
  }

  function go(option: Option) {
    close();
    // The router matches the routes and starts the route's module and data before returning: after the closed popup
    // has painted, so the key or tap is answered at once.
    afterNextPaint(() => navigate(option.href));
  }

  function move(step: 1 | -1) {
    if (options.length === 0) return;
    setOpen(true);
    if (!expanded || activeIndex < 0) {
      setActiveKey((step === 1 ? options[0] : options.at(-1))?.key ?? null);
      return;
    }
    const next = (activeIndex + step + options.length) % options.length;
    setActiveKey(options[next]?.key ?? null);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    // Keys that confirm or pick an IME candidate (注音, 倉頡, 拼音) belong to the input method.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp":
        if (options.length === 0) return;
        event.preventDefault();
        move(event.key === "ArrowDown" ? 1 : -1);
        return;
      case "Enter":
        if (expanded && active) {
          event.preventDefault();
          go(active);
        }
        // Otherwise the form is submitted: a search for what was typed.
        return;
      case "Escape":
        if (expanded) {
          // Close only; the browser would otherwise also clear a search field.
          event.preventDefault();
          close();
        }
        return;
      case "Tab":
        close();
        return;
    }
  }

  const combobox = enhanced
    ? {
        role: "combobox",
        "aria-autocomplete": "list" as const,
        "aria-expanded": expanded,
        "aria-controls": listboxId,
        "aria-activedescendant": expanded && active ? optionId(active) : undefined,
      }
    : {};

  return (
    <Form method="get" action="/search" className="relative flex" onSubmit={close}>
      <label htmlFor={inputId} className="sr-only">
        搜尋書名、作者、出版社
      </label>
      <input
        ref={inputRef}
        id={inputId}
        name="q"
        type="search"
        value={value}
        maxLength={SEARCH_QUERY_MAX}
        autoComplete="off"
        enterKeyHint="search"
        placeholder="搜尋書名、作者、出版社"
        className="h-control-sm w-full md:w-72 border border-line bg-page text-ink px-3 min-w-0"
        {...combobox}
        onChange={(event) => {
          loadSuggestions();
          setValue(event.target.value);
          setOpen(true);
          setActiveKey(null);
        }}
        onKeyDown={onKeyDown}
        onCompositionStart={() => setComposing(true)}
        onCompositionEnd={() => setComposing(false)}
        onFocus={() => {
          loadSuggestions();
          if (term) setOpen(true);
        }}
        onBlur={close}
      />
      <button type="submit" className="btn-primary h-control-sm px-4 shrink-0 whitespace-nowrap">
        搜尋
      </button>
      <div
        id={listboxId}
        role="listbox"
        aria-label="搜尋建議"
        hidden={!expanded}
        // Keep the focus in the field when an option is pressed (the pattern's focus never leaves the input).
        onMouseDown={(event) => event.preventDefault()}
        className="absolute left-0 top-full z-40 mt-px w-full md:w-[26rem] max-w-[calc(100vw-2rem)] max-h-[70vh] overflow-y-auto border border-line bg-surface shadow-lg py-1"
      >
        {expanded && loaded && (
          <loaded.SuggestionList listboxId={listboxId} groups={groups} activeKey={active?.key} onPick={go} />
        )}
      </div>
      {loaded && (
        <loaded.SearchSuggestions term={term} composing={composing} active={enhanced && open} onChange={setSuggested} />
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </Form>
  );
}
