import type { ReactNode } from 'react';

/** Meta's figures for two sides (before and after, or original and variant), a row per figure. */
export function ComparisonTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: [ReactNode, ReactNode];
  rows: Array<[string, string, string]>;
}) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left text-xs text-muted-foreground">
          <th scope="col" className="py-1 font-medium">
            Meta reports
          </th>
          {columns.map((column, i) => (
            <th key={i} scope="col" className="py-1 text-right font-medium">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, a, b]) => (
          <tr key={name} className="border-t">
            <th scope="row" className="py-1 text-left font-normal">
              {name}
            </th>
            <td className="py-1 text-right tabular-nums">{a}</td>
            <td className="py-1 text-right tabular-nums">{b}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
