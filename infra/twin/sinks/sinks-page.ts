import type { ActiveFault } from './sink-faults';
import type { SinkName, SinkRecord } from './sinks-handler';

/** Rows the page shows per sink, newest first. */
const PAGE_ROWS = 50;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** What a person reads first of a Slack post: its header blocks, else its fallback text. */
function slackSummary(body: unknown): string {
  const payload = body as { text?: unknown; blocks?: { type?: string; text?: { text?: string } }[] } | null;
  const headers = (payload?.blocks ?? []).filter((b) => b.type === 'header').map((b) => b.text?.text ?? '');
  if (headers.length) return headers.join(' · ');
  return typeof payload?.text === 'string' ? payload.text : JSON.stringify(body).slice(0, 200);
}

function section(sink: SinkName, list: SinkRecord[], fault: ActiveFault | null): string {
  const rows = list
    .slice(-PAGE_ROWS)
    .reverse()
    .map(
      (
        r,
      ) => `<tr class="${r.status === 200 ? '' : 'bad'}"><td>${escapeHtml(r.receivedAt.slice(11, 23))}</td><td>${r.status} ${escapeHtml(r.reply)}</td>
<td>${escapeHtml(sink === 'slack' ? slackSummary(r.body) : String((r.body as { event?: unknown })?.event ?? ''))}</td>
<td><details><summary>body</summary><pre>${escapeHtml(JSON.stringify(r.body, null, 2))}</pre></details></td></tr>`,
    )
    .join('\n');
  const faultLine = fault
    ? `<p class="bad">Fault on: answering ${fault.status}${fault.until ? ` until ${new Date(fault.until).toISOString().slice(11, 19)} UTC` : ''}${fault.remaining !== null ? ` for ${fault.remaining} more` : ''}</p>`
    : '<p>No fault set.</p>';
  return `<section><h2>${sink === 'slack' ? 'Slack sink' : 'Webhook sink'} (${list.length} received)</h2>${faultLine}
<p>JSON: <a href="/${sink}/requests">/${sink}/requests</a></p>
${list.length ? `<table><thead><tr><th>time (UTC)</th><th>answer</th><th>what</th><th>payload</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>Nothing received yet. Use the app (sign up, click, send the contact form) and watch this page.</p>'}</section>`;
}

/** The dev page: what Slack and the automation webhook would have received, refreshed every 3 s. */
export function sinksPage(
  records: Record<SinkName, SinkRecord[]>,
  faults: Record<SinkName, ActiveFault | null>,
): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3">
<title>Adsmith notification sinks</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem;max-width:70rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}.bad{color:#b00020}pre{white-space:pre-wrap;max-width:40rem}</style>
</head><body><h1>Notification sinks</h1>
<p>Stand-ins for Slack and the automation webhook. Fault switch: <code>curl -XPOST &lt;sink&gt;/__admin/faults -d '{"status":429,"forMs":20000}'</code>.</p>
${section('slack', records.slack, faults.slack)}${section('webhook', records.webhook, faults.webhook)}</body></html>`;
}
