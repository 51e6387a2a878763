import { GraphError } from '@infra/twin/meta-sandbox/graph-error';

/** Runs an action expected to fail the way Meta does, and returns its GraphError. */
export function errorOf(action: () => unknown): GraphError {
  try {
    action();
  } catch (error) {
    if (error instanceof GraphError) return error;
    throw error;
  }
  throw new Error('expected a GraphError');
}
