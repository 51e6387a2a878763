import type { MmmReport } from '@shared/schemas/mmm';
import { formatNumber } from '@web/lib/format';
import { ratio } from '../lib/report-format';

const CHANNEL_COLUMNS = ['Spend', 'Contribution', 'ROI (90 % interval)', 'Marginal ROI', 'Recommended spend'] as const;

function channelCells(report: MmmReport, c: MmmReport['channels'][number]): string[] {
  return [
    formatNumber(c.spend),
    formatNumber(c.contribution.estimate),
    c.roi ? `${ratio(c.roi.estimate)} (${ratio(c.roi.low)}–${ratio(c.roi.high)})` : '—',
    ratio(c.marginalRoi),
    formatNumber(report.allocation.channels.find((a) => a.name === c.name)?.optimal ?? null),
  ];
}

/**
 * The channel figures: a table from tablet width; on a phone, one card per channel with the same
 * figures stacked (six columns do not fit 360 px, and a sideways-scrolling table hides its last ones).
 */
export function ChannelTable({ report }: { report: MmmReport }) {
  return (
    <div>
      <ul aria-label="Channel figures" className="grid gap-3 sm:hidden">
        {report.channels.map((c) => (
          <li key={c.name} className="rounded-md border p-3">
            <p className="font-medium break-words">{c.name}</p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {channelCells(report, c).map((value, i) => (
                <div key={CHANNEL_COLUMNS[i]} className="contents">
                  <dt className="text-muted-foreground">{CHANNEL_COLUMNS[i]}</dt>
                  <dd className="text-right tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-md border sm:block">
        <table className="w-full text-sm">
          <caption className="sr-only">Channel figures</caption>
          <thead className="bg-muted text-left">
            <tr>
              {['Channel', ...CHANNEL_COLUMNS].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.channels.map((c) => (
              <tr key={c.name} className="border-t">
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {c.name}
                </th>
                {channelCells(report, c).map((value, i) => (
                  <td key={CHANNEL_COLUMNS[i]} className="px-3 py-2 tabular-nums">
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
