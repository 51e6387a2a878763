import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AdAccountSelection } from '@web/lib/meta-account/use-ad-account-selection';
import { AdAccountToolbar, RefetchButton, type RefetchButtonLabels } from './ad-account-toolbar';
import { MetaAccountGate } from './meta-account-gate';
import { QueryErrorAlert } from './query-error-alert';

interface WorkspaceFrame {
  /** The not-connected card: the screen's icon, and what it will do once Meta is connected. */
  connect: { icon: LucideIcon; title: string; description: string };
  /** From `useAdAccountSelection()`: the accounts in the picker and the chosen one. */
  selection: AdAccountSelection;
  /** Above the read's outcome, whatever its state (a screen's filters). */
  header?: ReactNode;
  /** Drawers and dialogs: mounted whatever the read's state, so an open one outlives a refetch. */
  dialogs?: ReactNode;
  /** Wraps the workspace in a grid of this class; without it the page's own layout spaces its parts. */
  className?: string;
}

/** A screen that reads the chosen account (campaigns, the optimizer's tabs, the ad optimizer). */
interface AccountRead<T> {
  /** The screen's read of the chosen account. */
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isError' | 'isPending' | 'isFetching' | 'refetch'>;
  /** The toolbar's control beside the picker: a button that reads the account again, or the screen's own. */
  toolbar: RefetchButtonLabels | { end: ReactNode };
  /** The alert's title when the read fails ("Recommendations could not be computed"). */
  errorTitle: string;
  /** Shown while the first read is under way. */
  loading: ReactNode;
  /** The screen's content once the read has answered. */
  children: (data: T) => ReactNode;
}

/** A screen that only acts on the chosen account (graphics' "Use in a campaign" sends images to it). */
interface AccountAction {
  query?: never;
  /** The toolbar's control beside the picker: the screen's own action. */
  toolbar: { end: ReactNode };
  /** The screen's content once an account is chosen. */
  children: ReactNode;
}

export type AdAccountWorkspaceProps<T> = WorkspaceFrame & (AccountRead<T> | AccountAction);

/**
 * A screen that works on one ad account (campaigns, the optimizer's tabs, the ad optimizer, graphics' "Use in a
 * campaign"): the connection gate, the account toolbar, then the screen's content; for a screen that reads the
 * account, the read's error alert with a retry and its loading state first.
 */
export function AdAccountWorkspace<T>(props: AdAccountWorkspaceProps<T>) {
  const { connect, selection, toolbar, header, dialogs, className } = props;
  const refetch = () => void props.query?.refetch();
  const body = (
    <>
      <AdAccountToolbar
        accounts={selection.adAccounts}
        value={selection.accountId}
        onChange={selection.selectAdAccount}
        end={
          'end' in toolbar ? (
            toolbar.end
          ) : (
            <RefetchButton {...toolbar} fetching={props.query?.isFetching === true} onRefetch={refetch} />
          )
        }
      />
      {header}
      {props.query === undefined ? (
        props.children
      ) : props.query.isError ? (
        <QueryErrorAlert title={props.errorTitle} error={props.query.error} onRetry={refetch} />
      ) : props.query.isPending ? (
        props.loading
      ) : (
        props.children(props.query.data as T)
      )}
      {dialogs}
    </>
  );
  return (
    <MetaAccountGate icon={connect.icon} title={connect.title} description={connect.description}>
      {className ? <div className={className}>{body}</div> : body}
    </MetaAccountGate>
  );
}
