/**
 * What the marketing-mix tools run (tool-logic.ts): the model store's reads parse a report with the whole model export
 * (its dataset, config and trust report: ~540 zod schemas and ~60 KB with the allocator and the hand-off), which only
 * a turn that asks about marketing-mix models needs; a workspace has none until it uploads a dataset and fits one.
 */
export { getModelRow, getReport, listModelRows, modelSummary } from '../mmm/mmm-store';
export { planAllocation } from '../optimizer/mmm-handoff';
