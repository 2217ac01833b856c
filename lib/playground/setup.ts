import type { FieldIssue, ResponsesRequestInput } from "@/lib/contract/gateway";
import { LIMITS, PERPLEXITY_ENGINE, WEB_SEARCH_TOOL_TYPE } from "@/lib/contract/gateway/request-constants";
import { isRecord } from "@/lib/json/is-record";

/*
 * The playground's setup: 1 to 4 columns, each holding a full responses request (the wire body,
 * minus `stream`, which the runner sets), plus which sections are kept in sync across columns.
 * A column's request may be invalid while the user edits it; it is validated with the shared
 * schema for inline errors (./validate-request, a chunk of its own: this module is in the page's
 * first load and stays free of zod), never coerced. The setup (never the outputs) lives in the URL.
 */

export type RequestDraft = ResponsesRequestInput;

export interface PlaygroundColumn {
  /** Stable within a setup ("a".."d"): keys React state and run state. */
  id: string;
  /** Shown above the column ("v3", "Candidate"); optional. */
  label?: string;
  request: RequestDraft;
}

export const SYNC_SECTIONS = ["conversation", "search", "output"] as const;
export type SyncSection = (typeof SYNC_SECTIONS)[number];
export type SyncSettings = Record<SyncSection, boolean>;

export interface PlaygroundSetup {
  columns: PlaygroundColumn[];
  sync: SyncSettings;
}

export const MAX_COLUMNS = 4;
const COLUMN_IDS = ["a", "b", "c", "d"] as const;

const DEFAULT_PROMPT = "How does SQLite write-ahead logging work?";

export function userTurn(text: string) {
  return { type: "message" as const, role: "user" as const, content: [{ type: "input_text" as const, text }] };
}

export function defaultRequest(model = ""): RequestDraft {
  return {
    model,
    input: [userTurn(DEFAULT_PROMPT)],
    max_output_tokens: 800,
    tools: [{ type: WEB_SEARCH_TOOL_TYPE, parameters: { max_results: 5 } }],
  };
}

export function defaultSetup(model = ""): PlaygroundSetup {
  return { columns: [{ id: "a", request: defaultRequest(model) }], sync: { conversation: true, search: true, output: true } };
}

// ---------------------------------------------------------------------------------------------
// URL form. Requests are checked to be objects only: a shared link with an out-of-range value
// still opens, and the editor shows the error next to the field.

const COLUMN_ID_MAX = 8;
const COLUMN_LABEL_MAX = 80;

interface SetupUrl {
  columns: { id?: string; label?: string; request: Record<string, unknown> }[];
  sync: Partial<SyncSettings>;
}

function optionalString(value: unknown, min: number, max: number): boolean {
  return value === undefined || (typeof value === "string" && value.length >= min && value.length <= max);
}

function isColumnUrl(value: unknown): value is SetupUrl["columns"][number] {
  return isRecord(value) && optionalString(value.id, 1, COLUMN_ID_MAX) && optionalString(value.label, 0, COLUMN_LABEL_MAX) && isRecord(value.request);
}

/** The synced sections the URL names (other keys dropped); null when one of them is not a boolean. */
function readSyncUrl(value: unknown): Partial<SyncSettings> | null {
  if (value === undefined) return {};
  if (!isRecord(value)) return null;
  const sync: Partial<SyncSettings> = {};
  for (const section of SYNC_SECTIONS) {
    const on = value[section];
    if (typeof on === "boolean") sync[section] = on;
    else if (on !== undefined) return null;
  }
  return sync;
}

/**
 * The shape of the `setup` value: 1 to 4 columns (an optional id of 1 to 8 characters, an optional
 * label of at most 80, a request that is an object) and optional booleans for the synced sections.
 * Anything else makes the whole value unusable (null). Written out rather than as a zod schema: it
 * runs at first paint, where zod would weigh more than the whole form.
 */
function readSetupUrl(json: unknown): SetupUrl | null {
  if (!isRecord(json) || !Array.isArray(json.columns)) return null;
  const columns: unknown[] = json.columns;
  if (columns.length < 1 || columns.length > MAX_COLUMNS || !columns.every(isColumnUrl)) return null;
  const sync = readSyncUrl(json.sync);
  return sync ? { columns, sync } : null;
}

/** Reads the `setup` query value (JSON). Returns null when absent or unusable. */
export function parseSetup(value: string | null | undefined): PlaygroundSetup | null {
  if (!value) return null;
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return null;
  }
  const parsed = readSetupUrl(json);
  if (!parsed) return null;
  const used = new Set<string>();
  const columns = parsed.columns.map((column, index) => {
    let id = column.id && !used.has(column.id) ? column.id : COLUMN_IDS[index];
    if (used.has(id)) id = COLUMN_IDS.find((candidate) => !used.has(candidate)) ?? `${index}`;
    used.add(id);
    return { id, ...(column.label ? { label: column.label } : {}), request: column.request as RequestDraft };
  });
  return { columns, sync: { ...defaultSetup().sync, ...parsed.sync } };
}

export function serializeSetup(setup: PlaygroundSetup): string {
  return JSON.stringify({
    columns: setup.columns.map(({ id, label, request }) => ({ id, ...(label ? { label } : {}), request: withoutStream(request) })),
    sync: setup.sync,
  });
}

function withoutStream(request: RequestDraft): RequestDraft {
  const { stream: _stream, ...rest } = request;
  return rest;
}

/**
 * Link to the playground with a given setup: `columns` are full requests (a preset version
 * expanded into a request, say), so another page can open a comparison in one link.
 */
export function playgroundHref(setup: { columns: { request: RequestDraft; label?: string }[]; sync?: Partial<SyncSettings> }): string {
  const full: PlaygroundSetup = {
    columns: setup.columns.slice(0, MAX_COLUMNS).map((column, index) => ({ id: COLUMN_IDS[index], ...column })),
    sync: { ...defaultSetup().sync, ...setup.sync },
  };
  return `/playground?${new URLSearchParams({ setup: serializeSetup(full) })}`;
}

/**
 * Short links: `?model=@preset/<slug>&prompt=...` open one column with that model (and prompt),
 * the rest of the request at its defaults.
 */
export function setupFromParams(params: { setup?: string | null; model?: string | null; prompt?: string | null }, fallbackModel = ""): PlaygroundSetup {
  const parsed = parseSetup(params.setup);
  if (parsed) return parsed;
  const request = defaultRequest(params.model ?? fallbackModel);
  if (params.prompt) request.input = [userTurn(params.prompt)];
  return { ...defaultSetup(), columns: [{ id: "a", request }] };
}

// ---------------------------------------------------------------------------------------------
// Validation issues (found by ./validate-request with the shared schema)

/** The body sent for a run: the draft with stream on. */
export function runBody(request: RequestDraft): RequestDraft {
  return { ...request, stream: true };
}

/** Issues whose path is `path` or lies under it ("tools[0].parameters" covers its fields). */
function issuesAt(issues: readonly FieldIssue[], path: string): FieldIssue[] {
  return issues.filter((issue) => issue.path === path || issue.path.startsWith(`${path}.`) || issue.path.startsWith(`${path}[`));
}

export function firstIssueMessage(issues: readonly FieldIssue[], path: string): string | undefined {
  return issuesAt(issues, path)[0]?.message;
}

// ---------------------------------------------------------------------------------------------
// Conversation

export type TurnRole = "user" | "assistant" | "system" | "developer";
export const TURN_ROLES: readonly TurnRole[] = ["user", "assistant", "system", "developer"];

export interface Turn {
  role: TurnRole;
  text: string;
  /** Citations carried by an assistant turn (kept when an answer is added to the conversation). */
  annotations?: unknown[];
}

/** The turns of `input` (a string is one user turn). Items that are not messages are not shown. */
export function readConversation(request: RequestDraft): Turn[] {
  const input: unknown = request.input;
  if (typeof input === "string") return [{ role: "user", text: input }];
  if (!Array.isArray(input)) return [];
  const turns: Turn[] = [];
  for (const item of input) {
    if (!isRecord(item) || (item.type !== undefined && item.type !== "message")) continue;
    const role = TURN_ROLES.includes(item.role as TurnRole) ? (item.role as TurnRole) : "user";
    const { content } = item;
    if (typeof content === "string") {
      turns.push({ role, text: content });
      continue;
    }
    const parts = Array.isArray(content) ? content.filter(isRecord) : [];
    const text = parts.map((part) => (typeof part.text === "string" ? part.text : "")).join("");
    const annotations = parts.flatMap((part) => (Array.isArray(part.annotations) ? part.annotations : []));
    turns.push(annotations.length > 0 ? { role, text, annotations } : { role, text });
  }
  return turns;
}

/** Message items for `input`: assistant turns as output_text (with their citations), others as input_text. */
export function writeConversation(request: RequestDraft, turns: readonly Turn[]): RequestDraft {
  const input = turns.map((turn) =>
    turn.role === "assistant"
      ? {
          type: "message" as const,
          role: "assistant" as const,
          content: [{ type: "output_text" as const, text: turn.text, annotations: (turn.annotations ?? []) as never[] }],
        }
      : { type: "message" as const, role: turn.role, content: [{ type: "input_text" as const, text: turn.text }] },
  );
  return { ...request, input };
}

// ---------------------------------------------------------------------------------------------
// Model

const ONLINE_SUFFIX = ":online";

export function readModel(request: RequestDraft): string {
  const model = typeof request.model === "string" ? request.model : "";
  return model.endsWith(ONLINE_SUFFIX) ? model.slice(0, -ONLINE_SUFFIX.length) : model;
}

/** Sets the model, keeping the :online suffix when that is how search is switched on. */
export function writeModel(request: RequestDraft, model: string): RequestDraft {
  const online = readSearch(request).mode === "online";
  return { ...request, model: online && model ? `${model}${ONLINE_SUFFIX}` : model };
}

/** The one provider family that takes x_search_filter (xAI's Grok models). */
export function takesXSearchFilter(model: string): boolean {
  const base = model.toLowerCase();
  return base.startsWith("x-ai/") || base.startsWith("xai/") || base.includes("grok");
}

// ---------------------------------------------------------------------------------------------
// Web search

export type SearchMode = "off" | "tool" | "plugin" | "online";

export interface SearchSettings {
  mode: SearchMode;
  engine?: string;
  maxResults?: number;
  includeDomains?: string[];
  excludeDomains?: string[];
}

interface Located {
  /** Where the settings live in the request, for matching validation issues to fields. */
  path: string | null;
  /** Field names at that path for engine / max results / include / exclude. */
  fields: { engine: string; maxResults: string; include: string; exclude: string } | null;
}

const TOOL_FIELDS = { engine: "engine", maxResults: "max_results", include: "allowed_domains", exclude: "excluded_domains" };
const PLUGIN_FIELDS = { engine: "engine", maxResults: "max_results", include: "include_domains", exclude: "exclude_domains" };

function toolIndex(request: RequestDraft): number {
  return Array.isArray(request.tools) ? request.tools.findIndex((tool) => isRecord(tool) && tool.type === WEB_SEARCH_TOOL_TYPE) : -1;
}

function pluginIndex(request: RequestDraft): number {
  return Array.isArray(request.plugins) ? request.plugins.findIndex((plugin) => isRecord(plugin) && plugin.id === "web" && plugin.enabled !== false) : -1;
}

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : undefined;
}

function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === "number" ? value : undefined;
}

/** The settings a web search tool's parameters or the web plugin hold; the two name the domain lists differently. */
function settingsIn(mode: "tool" | "plugin", source: Record<string, unknown>, fields: typeof TOOL_FIELDS): SearchSettings {
  const engine = source[fields.engine];
  return {
    mode,
    engine: typeof engine === "string" ? engine : undefined,
    maxResults: numberOrUndefined(source[fields.maxResults]),
    includeDomains: strings(source[fields.include]),
    excludeDomains: strings(source[fields.exclude]),
  };
}

export function readSearch(request: RequestDraft): SearchSettings {
  const tool = toolIndex(request);
  if (tool >= 0) {
    const { parameters } = (request.tools as unknown[])[tool] as { parameters?: unknown };
    return settingsIn("tool", isRecord(parameters) ? parameters : {}, TOOL_FIELDS);
  }
  const plugin = pluginIndex(request);
  if (plugin >= 0) return settingsIn("plugin", (request.plugins as unknown[])[plugin] as Record<string, unknown>, PLUGIN_FIELDS);
  if (typeof request.model === "string" && request.model.endsWith(ONLINE_SUFFIX)) return { mode: "online" };
  return { mode: "off" };
}

export function searchLocation(request: RequestDraft): Located {
  const tool = toolIndex(request);
  if (tool >= 0) return { path: `tools[${tool}].parameters`, fields: TOOL_FIELDS };
  const plugin = pluginIndex(request);
  if (plugin >= 0) return { path: `plugins[${plugin}]`, fields: PLUGIN_FIELDS };
  return { path: null, fields: null };
}

function compact<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined && !(Array.isArray(entry) && entry.length === 0))) as Partial<T>;
}

/** Writes search settings into the request, removing the other two ways of switching search on. */
export function writeSearch(request: RequestDraft, settings: SearchSettings): RequestDraft {
  const tools = (Array.isArray(request.tools) ? request.tools : []).filter((tool) => !(isRecord(tool) && tool.type === WEB_SEARCH_TOOL_TYPE));
  const plugins = (Array.isArray(request.plugins) ? request.plugins : []).filter((plugin) => !(isRecord(plugin) && plugin.id === "web"));
  const baseModel = readModel(request);
  const next: RequestDraft = { ...request, model: baseModel };
  delete next.tools;
  delete next.plugins;
  // The plugin has no "auto" engine: omitting it means automatic selection there.
  const engine = settings.mode === "plugin" && settings.engine === "auto" ? undefined : settings.engine;
  if (settings.mode === "tool") {
    tools.push({
      type: WEB_SEARCH_TOOL_TYPE,
      parameters: compact({
        engine,
        max_results: settings.maxResults,
        allowed_domains: settings.includeDomains,
        excluded_domains: settings.excludeDomains,
      }),
    } as never);
  } else if (settings.mode === "plugin") {
    plugins.push({
      id: "web",
      ...compact({ engine, max_results: settings.maxResults, include_domains: settings.includeDomains, exclude_domains: settings.excludeDomains }),
    } as never);
  } else if (settings.mode === "online" && baseModel) {
    next.model = `${baseModel}${ONLINE_SUFFIX}`;
  }
  if (tools.length > 0) next.tools = tools;
  if (plugins.length > 0) next.plugins = plugins;
  return next;
}

/** Largest max_results the schema accepts for an engine. */
export function maxResultsCap(engine: string | undefined): number {
  return engine === PERPLEXITY_ENGINE ? LIMITS.webMaxResultsPerplexity : LIMITS.webMaxResults;
}

// ---------------------------------------------------------------------------------------------
// Sync across columns

/** Copies one section of `source` into `target`. */
function copySection(target: RequestDraft, source: RequestDraft, section: SyncSection): RequestDraft {
  switch (section) {
    case "conversation":
      return { ...target, input: source.input };
    case "output": {
      const next = { ...target };
      if (source.max_output_tokens === undefined) delete next.max_output_tokens;
      else next.max_output_tokens = source.max_output_tokens;
      return next;
    }
    case "search": {
      const next = writeSearch(target, readSearch(source));
      if (source.x_search_filter === undefined) delete next.x_search_filter;
      else next.x_search_filter = source.x_search_filter;
      return next;
    }
  }
}

/**
 * Applies an edit of one column and mirrors every synced section of the edited request to the
 * other columns.
 */
export function updateColumn(setup: PlaygroundSetup, id: string, request: RequestDraft): PlaygroundSetup {
  const columns = setup.columns.map((column) => {
    if (column.id === id) return { ...column, request };
    let next = column.request;
    for (const section of SYNC_SECTIONS) if (setup.sync[section]) next = copySection(next, request, section);
    return next === column.request ? column : { ...column, request: next };
  });
  return { ...setup, columns };
}

/** Turning a section's sync on copies it from the first column to the others. */
export function setSync(setup: PlaygroundSetup, section: SyncSection, on: boolean): PlaygroundSetup {
  const sync = { ...setup.sync, [section]: on };
  if (!on || setup.columns.length < 2) return { ...setup, sync };
  const source = setup.columns[0].request;
  return { sync, columns: setup.columns.map((column, index) => (index === 0 ? column : { ...column, request: copySection(column.request, source, section) })) };
}

export function addColumn(setup: PlaygroundSetup): PlaygroundSetup {
  if (setup.columns.length >= MAX_COLUMNS) return setup;
  const id = COLUMN_IDS.find((candidate) => !setup.columns.some((column) => column.id === candidate)) ?? String(setup.columns.length);
  const last = setup.columns[setup.columns.length - 1];
  return { ...setup, columns: [...setup.columns, { id, request: structuredClone(last.request) }] };
}

export function removeColumn(setup: PlaygroundSetup, id: string): PlaygroundSetup {
  if (setup.columns.length <= 1) return setup;
  return { ...setup, columns: setup.columns.filter((column) => column.id !== id) };
}
