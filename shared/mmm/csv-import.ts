/**
 * CSV upload for the marketing-mix service: parse, propose a column mapping, and validate every
 * row against it. Nothing becomes a dataset until every row is valid; each problem is reported with
 * its row number and column so a marketer can fix the file.
 */
import * as z from 'zod';
import { dayNumber } from './calendar';
import { DatasetSchema, type MmmDataset } from './spec';

export const MAX_CSV_ROWS = 2000;
export const MAX_CSV_COLUMNS = 60;

export interface ParsedCsv {
  header: string[];
  rows: string[][];
}

/** RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF; throws on an unterminated quote. */
export function parseCsv(text: string): ParsedCsv {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += ch;
  }
  if (quoted) throw new Error('the file ends inside a quoted field');
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  const nonEmpty = records.filter((r) => r.some((cell) => cell.trim() !== ''));
  const [header = [], ...rows] = nonEmpty;
  return { header: header.map((h) => h.trim()), rows };
}

export const ColumnMappingSchema = z.object({
  date: z.string().min(1),
  kpi: z.string().min(1),
  kpiKind: z.enum(['revenue', 'conversions']).default('revenue'),
  spend: z.array(z.string().min(1)).min(1).max(30),
  organic: z.array(z.string().min(1)).max(10).default([]),
  controls: z.array(z.string().min(1)).max(30).default([]),
  /** Event columns: 0/1 (or a label per event; each label becomes its own 0/1 column). */
  events: z.array(z.string().min(1)).max(10).default([]),
});
export type ColumnMapping = z.output<typeof ColumnMappingSchema>;

/** A first guess at the mapping from the column names (the user confirms or edits it). */
export function proposeMapping(header: readonly string[]): ColumnMapping {
  const lower = header.map((h) => h.toLowerCase());
  const find = (re: RegExp) => header[lower.findIndex((h) => re.test(h))];
  const date = find(/^(date|week|day|month|ds|date_week|time)$/) ?? find(/date|week|time/) ?? header[0] ?? '';
  const kpi = find(/^(revenue|sales|kpi|y|conversions)$/) ?? find(/revenue|sales|conversion/) ?? header[1] ?? '';
  const spend = header.filter((h, i) => h !== date && h !== kpi && /(_s$|spend|cost|^x\d+$)/.test(lower[i]!));
  const events = header.filter((h, i) => /event|holiday|promo/.test(lower[i]!) && !spend.includes(h));
  const controls = header.filter(
    (h, i) => ![date, kpi, ...spend, ...events].includes(h) && /(_b$|competitor|price|control)/.test(lower[i]!),
  );
  return {
    date,
    kpi,
    kpiKind: /conversion/.test(kpi.toLowerCase()) ? 'conversions' : 'revenue',
    spend,
    organic: [],
    controls,
    events,
  };
}

export interface RowProblem {
  /** 1-based line in the file (the header is line 1). */
  line: number;
  column: string;
  message: string;
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDate(value: string): string | null {
  const v = value.trim();
  const m = ISO.exec(v) ?? /^(\d{4})\/(\d{2})\/(\d{2})$/.exec(v);
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

export type ImportResult = { ok: true; data: MmmDataset } | { ok: false; problems: RowProblem[] };

/** Validates every row under the mapping; returns the dataset only when there is nothing to fix. */
export function importCsv(csv: ParsedCsv, mappingInput: unknown): ImportResult {
  const problems: RowProblem[] = [];
  const mapping = ColumnMappingSchema.safeParse(mappingInput);
  if (!mapping.success) {
    return {
      ok: false,
      problems: mapping.error.issues.map((i) => ({ line: 1, column: i.path.join('.'), message: i.message })),
    };
  }
  const m = mapping.data;
  const used = [m.date, m.kpi, ...m.spend, ...m.organic, ...m.controls, ...m.events];
  for (const name of used) {
    if (!csv.header.includes(name)) problems.push({ line: 1, column: name, message: `no column named "${name}"` });
  }
  const duplicates = used.filter((name, i) => used.indexOf(name) !== i);
  for (const name of new Set(duplicates)) problems.push({ line: 1, column: name, message: 'mapped more than once' });
  if (csv.rows.length < 10) problems.push({ line: 1, column: m.date, message: 'at least 10 periods are needed' });
  if (csv.rows.length > MAX_CSV_ROWS)
    problems.push({ line: 1, column: m.date, message: `at most ${MAX_CSV_ROWS} rows` });
  if (csv.header.length > MAX_CSV_COLUMNS)
    problems.push({ line: 1, column: '', message: `at most ${MAX_CSV_COLUMNS} columns` });
  if (problems.length > 0) return { ok: false, problems };

  const index = (name: string) => csv.header.indexOf(name);
  const dates: string[] = [];
  const numeric = (name: string, nonNegative: boolean) =>
    csv.rows.map((row, r) => {
      const raw = (row[index(name)] ?? '').trim();
      if (!NUMBER.test(raw)) {
        problems.push({
          line: r + 2,
          column: name,
          message: raw === '' ? 'empty: a number is needed' : `"${raw}" is not a number`,
        });
        return 0;
      }
      const value = Number(raw);
      if (nonNegative && value < 0)
        problems.push({ line: r + 2, column: name, message: `spend cannot be negative (${raw})` });
      return value;
    });
  csv.rows.forEach((row, r) => {
    if (row.length !== csv.header.length) {
      problems.push({
        line: r + 2,
        column: '',
        message: `${row.length} fields where the header has ${csv.header.length}`,
      });
    }
    const raw = row[index(m.date)] ?? '';
    const iso = parseDate(raw);
    if (!iso) problems.push({ line: r + 2, column: m.date, message: `"${raw}" is not a date (YYYY-MM-DD)` });
    dates.push(iso ?? '');
  });
  // Dates must rise by one regular step (the grain); a missing period is a gap, not a fact to guess.
  const steps = dates.slice(1).map((d, i) => (d && dates[i] ? dayNumber(d) - dayNumber(dates[i]!) : Number.NaN));
  const sorted = steps.filter(Number.isFinite).sort((a, b) => a - b);
  const step = sorted[Math.floor(sorted.length / 2)] ?? 7;
  steps.forEach((s, i) => {
    if (!Number.isFinite(s)) return;
    const line = i + 3;
    if (s <= 0)
      problems.push({ line, column: m.date, message: `dates must increase (${dates[i + 1]} after ${dates[i]})` });
    else if (step <= 7 ? s !== step : s < 28 || s > 31) {
      problems.push({
        line,
        column: m.date,
        message: `gap: ${s} days after ${dates[i]} where the data steps by ${step}`,
      });
    }
  });
  const kpi = numeric(m.kpi, false);
  const spend = m.spend.map((name) => ({ name, spend: numeric(name, true) }));
  const organic = m.organic.map((name) => ({ name, spend: numeric(name, true), organic: true }));
  const controls = m.controls.map((name) => ({ name, values: numeric(name, false) }));
  const events = m.events.flatMap((name) => {
    const values = csv.rows.map((row) => (row[index(name)] ?? '').trim());
    if (values.every((v) => v === '' || NUMBER.test(v))) {
      return [{ name, values: values.map((v) => (v === '' ? 0 : Number(v))) }];
    }
    // A label column (Robyn's "na"/"event1"): one indicator per label.
    const labels = [...new Set(values)].filter((v) => v !== '' && !/^(na|none|0)$/i.test(v));
    return labels.map((label) => ({ name: `${name}_${label}`, values: values.map((v) => (v === label ? 1 : 0)) }));
  });
  if (problems.length > 0) return { ok: false, problems: problems.slice(0, 200) };
  for (const s of spend) {
    if (s.spend.every((v) => v === 0)) problems.push({ line: 1, column: s.name, message: 'this channel never spends' });
  }
  if (problems.length > 0) return { ok: false, problems };
  const parsed = DatasetSchema.safeParse({
    dates,
    kpi,
    kpiKind: m.kpiKind,
    channels: [...spend, ...organic],
    controls: [...controls, ...events],
  });
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((i) => ({ line: 1, column: i.path.join('.'), message: i.message })),
    };
  }
  return { ok: true, data: parsed.data };
}
