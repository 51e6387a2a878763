/** Messages between the parallel fit and its worker threads. */
import { type Candidate, type TrialSettings } from '@shared/mmm/search';
import { type Draw } from '@shared/mmm/fit';
import { type MmmConfig, type MmmDataset } from '@shared/mmm/spec';

export type FitTask =
  | { kind: 'trial'; index: number; settings: TrialSettings }
  | { kind: 'bootstrap'; index: number; replicate: number; hyper: number[] }
  /** The second stage of a draw (adaptive chains): from its refit `start`, its proposal's Cholesky factor. */
  | { kind: 'chain'; index: number; replicate: number; hyper: number[]; start: number[]; factor: number[][] };

export interface WorkerInput {
  data: MmmDataset;
  config: MmmConfig;
  tasks: FitTask[];
}

export type TaskResult =
  { kind: 'trial'; index: number; candidates: Candidate[] } | { kind: 'bootstrap'; index: number; draw: Draw };

export type WorkerOutput = { ok: true; results: TaskResult[] } | { ok: false; message: string };
