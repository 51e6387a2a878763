import { Cpu, Megaphone, PlugZap } from 'lucide-react';
import { LOADING_MESSAGE, LOADING_TILES, PRODUCT_NAME, PRODUCT_TAGLINE } from '@shared/constants';
import { Spinner } from './ui/spinner';

const tileIcons = { 'AI Engine': Cpu, Integrations: PlugZap, Campaigns: Megaphone } as const;

export interface LoadingScreenProps {
  /** 0–100; shows the progress bar with its percent when given. */
  progress?: number;
  /** Shows the three tiles (AI Engine, Integrations, Campaigns) that name what is starting. */
  showDetails?: boolean;
}

/** The full-screen loading screen, used while pages load and while auth starts. */
export function LoadingScreen({ progress, showDetails = false }: LoadingScreenProps) {
  const percent = progress === undefined ? undefined : Math.round(Math.min(100, Math.max(0, progress)));
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-gradient-to-br from-indigo-50 via-background to-pink-50 px-6">
      <div className="flex w-full max-w-md flex-col items-center text-center">
        <div
          aria-hidden="true"
          className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-gradient-to-br from-indigo-500 to-pink-600 text-2xl font-bold text-white shadow-lg shadow-indigo-500/30"
        >
          A
        </div>
        <h1 className="text-3xl font-bold tracking-tight">{PRODUCT_NAME}</h1>
        <p className="mt-2 text-muted-foreground">{PRODUCT_TAGLINE}</p>
        <Spinner label={`Loading ${PRODUCT_NAME}`} className="mt-8 size-8 text-primary" />
        {percent !== undefined ? (
          <div className="mt-6 w-full">
            <div
              role="progressbar"
              aria-label="Loading progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2 w-full overflow-hidden rounded-full bg-muted"
            >
              <div
                className="h-full rounded-full bg-gradient-to-r from-indigo-500 to-pink-500 transition-[width] duration-500"
                style={{ width: `${percent}%` }}
              />
            </div>
            <p className="mt-2 text-sm font-medium tabular-nums text-muted-foreground">{percent}%</p>
          </div>
        ) : null}
        <p className="mt-6 text-sm text-muted-foreground">{LOADING_MESSAGE}</p>
        {showDetails ? (
          <ul className="mt-8 grid w-full grid-cols-3 gap-3" aria-label="Platform components">
            {LOADING_TILES.map((tile) => {
              const Icon = tileIcons[tile];
              return (
                <li key={tile} className="flex flex-col items-center gap-2 rounded-lg border bg-card/80 p-3 shadow-sm">
                  <Icon aria-hidden="true" className="size-5 text-primary" />
                  <span className="text-xs font-medium">{tile}</span>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
