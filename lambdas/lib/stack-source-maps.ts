import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Stack traces that name our sources, made only when an error is logged. Lambda starts Node without
 * `--enable-source-maps`, which reads every bundle's map as the module loads (13-23 ms of each cold start CPU:
 * LAMBDA_RUNTIME_ENVIRONMENT in infra/cdk/lib/lambda-bundling.ts), so a stack names index.mjs or chunk-*.mjs at
 * line 1; each frame in a file with a map beside it (`<file>.map`, as esbuild writes them) is rewritten here to the
 * source's file, line and column. A map is read once per file, on the first logged error with a frame in it. Frames
 * of files without a map beside them are left as they are: the tests run the sources, and the twin's bundles carry
 * their maps inline, which Node applies itself (function-worker.mjs).
 *
 * The lookup is Node's own (module.SourceMap's findOrigin: the last mapping at or before the position, on any line)
 * without decoding the whole map into entries first: module.SourceMap's decoding took 46-68 ms CPU for health's
 * 639 KB map, about its whole init; one pass over the mappings to the frames' positions, the map's reading
 * included, 12-18 ms (docs/benchmarks.md, session 24).
 */

interface RawSourceMap {
  sources: string[];
  names: string[];
  mappings: string;
  sourceRoot?: string;
}

interface Origin {
  source: string;
  line: number;
  column: number;
  name?: string;
}

/** Each bundle file's map, or null when it has none (or an unreadable one): read once per container. */
const maps = new Map<string, RawSourceMap | null>();

function mapOf(file: string): RawSourceMap | null {
  let map = maps.get(file);
  if (map === undefined) {
    try {
      map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as RawSourceMap;
    } catch {
      map = null;
    }
    maps.set(file, map);
  }
  return map;
}

const BASE64 = new Int8Array(128).fill(-1);
[...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].forEach(
  (c, i) => (BASE64[c.charCodeAt(0)] = i),
);

/**
 * Where each generated position (1-based line and column, as a stack names them) came from, in one pass over the
 * map's mappings (Source Map v3: lines split by `;`, segments by `,`, each segment's fields base64 VLQ deltas).
 * As module.SourceMap's findOrigin: the last segment at or before the position, plus the position's distance from it;
 * none when that segment names no source.
 */
export function findOrigins(
  map: RawSourceMap,
  positions: readonly { line: number; column: number }[],
): (Origin | undefined)[] {
  const order = positions.map((_, index) => index);
  order.sort((a, b) => positions[a]!.line - positions[b]!.line || positions[a]!.column - positions[b]!.column);
  const found: (Origin | undefined)[] = positions.map(() => undefined);
  const { mappings } = map;
  const length = mappings.length;
  let at = 0;
  // The segment being read (its fields are deltas from the segment before), and the last one read: the one at or
  // before the next wanted position, its source -1 when it names none.
  let line = 0;
  let column = 0;
  let source = 0;
  let sourceLine = 0;
  let sourceColumn = 0;
  let name = 0;
  let lastLine = -1;
  let lastColumn = 0;
  let lastSource = -1;
  let lastSourceLine = 0;
  let lastSourceColumn = 0;
  let lastName = -1;
  let next = 0;
  const settleBefore = (segmentLine: number, segmentColumn: number) => {
    for (; next < order.length; next++) {
      const wanted = positions[order[next]!]!;
      const wantedLine = wanted.line - 1;
      const wantedColumn = wanted.column - 1;
      if (wantedLine > segmentLine || (wantedLine === segmentLine && wantedColumn >= segmentColumn)) return;
      if (lastLine < 0 || lastSource < 0) continue;
      found[order[next]!] = {
        source: `${map.sourceRoot ?? ''}${map.sources[lastSource]}`,
        line: lastSourceLine + 1 + (wantedLine - lastLine),
        column: lastSourceColumn + 1 + (wantedColumn - lastColumn),
        name: lastName >= 0 ? map.names[lastName] : undefined,
      };
    }
  };
  const vlq = (): number => {
    let value = 0;
    let shift = 0;
    let digit = 32;
    while (digit & 32) {
      digit = BASE64[mappings.charCodeAt(at++)] ?? -1;
      if (digit < 0) throw new Error('malformed source map');
      value += (digit & 31) << shift;
      shift += 5;
    }
    return value & 1 ? -(value >>> 1) : value >>> 1;
  };
  /** Whether the segment has another field: not at a `,` (44), a `;` (59) or the end. */
  const more = () => at < length && mappings.charCodeAt(at) !== 44 && mappings.charCodeAt(at) !== 59;
  while (at < length && next < order.length) {
    const char = mappings.charCodeAt(at);
    if (char === 59) {
      line++;
      column = 0;
      at++;
      continue;
    }
    if (char === 44) {
      at++;
      continue;
    }
    column += vlq();
    settleBefore(line, column);
    lastLine = line;
    lastColumn = column;
    lastSource = -1;
    lastName = -1;
    if (more()) {
      source += vlq();
      sourceLine += vlq();
      sourceColumn += vlq();
      lastSource = source;
      lastSourceLine = sourceLine;
      lastSourceColumn = sourceColumn;
      if (more()) {
        name += vlq();
        lastName = name;
      }
    }
  }
  settleBefore(Infinity, 0);
  return found;
}

/** `    at name (file:///var/task/index.mjs:1:2345)` or `    at file:///var/task/index.mjs:1:2345`. */
const FRAME = /^(\s+at )(?:(.+?) \()?((?:file:\/\/)?\/[^()\s]+?\.m?js):(\d+):(\d+)(\)?)$/;

/** A name V8 gives a frame that minification may have renamed (`Zr`, `async Zr`, `Module.Zr`), its last word. */
const PLAIN_NAME = /^((?:async |new )?(?:[\w$.]+\.)?)([\w$]+)$/;

interface Frame {
  text: string;
  at?: string;
  name?: string;
  file?: string;
  line?: number;
  column?: number;
  close?: string;
  origin?: Origin;
}

function parseFrame(text: string): Frame {
  const match = FRAME.exec(text);
  if (!match) return { text };
  const [, at, name, location, line, column, close] = match;
  const file = location!.startsWith('file://') ? fileURLToPath(location!) : location!;
  return { text, at, name, file, line: Number(line), column: Number(column), close };
}

/** Gives each frame of a file with a map its origin: one pass over each file's map for all its frames. */
function findFrameOrigins(frames: Frame[]): void {
  const byFile = new Map<string, Frame[]>();
  for (const frame of frames) {
    if (frame.file !== undefined) byFile.set(frame.file, [...(byFile.get(frame.file) ?? []), frame]);
  }
  for (const [file, framesOfFile] of byFile) {
    const map = mapOf(file);
    if (!map) continue;
    const origins = findOrigins(
      map,
      framesOfFile.map((frame) => ({ line: frame.line!, column: frame.column! })),
    );
    framesOfFile.forEach((frame, index) => {
      const origin = origins[index];
      // The map names sources relative to its folder, as Node resolves them with --enable-source-maps: on Lambda
      // /var/task/../../lambdas/health/handler.ts is /lambdas/health/handler.ts, the path from the repository's root.
      if (origin) frame.origin = { ...origin, source: path.resolve(path.dirname(file), origin.source) };
    });
  }
}

/**
 * The frame as the source reads it. Its function's name is the one the caller's line calls it by (the next frame's
 * origin, as Node's own mapping names it) when V8's is a plain identifier the minifier may have renamed.
 */
function formatFrame(frame: Frame, caller: Frame | undefined): string {
  if (!frame.origin) return frame.text;
  const { source, line, column } = frame.origin;
  const location = `${source}:${line}:${column}`;
  if (frame.name === undefined) return `${frame.at}${location}`;
  const plain = PLAIN_NAME.exec(frame.name);
  const name = plain && caller?.origin?.name ? `${plain[1]}${caller.origin.name}` : frame.name;
  return `${frame.at}${name} (${location}${frame.close}`;
}

/** `stack` with every frame of a bundle file that has a map rewritten to its source; unchanged when none has. */
export function sourceMappedStack(stack: string): string {
  const frames = stack.split('\n').map(parseFrame);
  findFrameOrigins(frames);
  if (!frames.some((frame) => frame.origin)) return stack;
  return frames.map((frame, index) => formatFrame(frame, frames[index + 1])).join('\n');
}

/**
 * The error as logged: a copy whose stack (and its cause's) names our sources, with the error's own fields, name and
 * message; the error itself, which the code may still throw or inspect, is left alone. Never throws: a stack that
 * cannot be mapped is logged as it is.
 */
export function withSourceMappedStack(error: Error): Error {
  try {
    const stack = typeof error.stack === 'string' ? sourceMappedStack(error.stack) : error.stack;
    const cause = error.cause instanceof Error ? withSourceMappedStack(error.cause) : error.cause;
    if (stack === error.stack && cause === error.cause) return error;
    const copy = Object.assign(Object.create(Object.getPrototypeOf(error) as object) as Error, error);
    Object.defineProperties(copy, {
      message: { value: error.message, writable: true, configurable: true },
      stack: { value: stack, writable: true, configurable: true },
      cause: { value: cause, writable: true, configurable: true },
    });
    return copy;
  } catch {
    return error;
  }
}

/** Powertools Logger's `jsonReplacerFn`: every Error a log line carries is logged with source-mapped stacks. */
export function sourceMappedErrors(_key: string, value: unknown): unknown {
  return value instanceof Error ? withSourceMappedStack(value) : value;
}
