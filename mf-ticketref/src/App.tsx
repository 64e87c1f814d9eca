import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { ErrorNotice, formatDayMonthYearTime, Spinner, StaffLoginForm, useStaffSession, type ApiFailure, type StaffUser, type TicketRefPromptRow } from '@ticketing/shared';
import type { TFunction } from 'i18next';
import { staffApi, useAgentsQuery, usePromptsQuery } from './api';
import { PromptDetail } from './PromptDetail';
import { SalesHistory } from './SalesHistory';
import { DataTable } from '@ticketing/shared';
import styles from './App.module.css';
import { NAMESPACE } from './locales';

/** Ticket reference admin (/PRES-live/ticket-ref): agents, redemption list, detail, sales history, resend by SMS. */
export function App() {
  const { t } = useTranslation(NAMESPACE);
  const { state, login, logout } = useStaffSession();
  const dispatch = useDispatch();
  const signedIn = state.status === 'signedIn';
  useEffect(() => { if (!signedIn) dispatch(staffApi.util.resetApiState()); }, [signedIn, dispatch]);

  if (state.status === 'loading') return <section className="tx-page"><Spinner /></section>;
  if (state.status === 'anonymous') {
    return <section className="tx-page"><StaffLoginForm onSubmit={(c) => void login(c)} busy={state.busy} errorKey={state.errorKey} errorValues={state.errorValues} /></section>;
  }
  return (
    <section className={`tx-page ${styles.page}`} aria-labelledby="ticketref-title">
      <header className={styles.header}>
        <h1 id="ticketref-title">{t('title')}</h1>
        <p className={styles.user}>{t('signedInAs', { name: `${state.user.FirstName} ${state.user.LastName}` })}</p>
        <button type="button" className="tx-btn-secondary" onClick={() => void logout()} disabled={state.busy}>{t('logout')}</button>
      </header>
      <Admin user={state.user} />
    </section>
  );
}

/** The film column: the prompt's film (or any film), and its presentation's start when it is for one. */
export function filmOf(r: TicketRefPromptRow, t: TFunction): string {
  const film = r.FeatureName ?? t('anyFeature', { ns: NAMESPACE });
  return r.PresentationDateTime ? `${film} · ${formatDayMonthYearTime(r.PresentationDateTime)}` : film;
}

/**
 * Each prompt row's name, for its buttons and the heading of what they open: prompt, ticket and film (or
 * presentation). Both of an agent's prompts read "Employee number — Partner employee" (QA: two Details buttons with
 * the same name); rows alike in all of that are numbered.
 */
export function promptNames(rows: TicketRefPromptRow[], t: TFunction): Map<number, string> {
  const base = rows.map((r) => t('prompts.name', { ns: NAMESPACE, prompt: r.Prompt, ticket: r.TicketName, film: filmOf(r, t) }));
  const seen = new Map<string, number>();
  return new Map(rows.map((r, i) => {
    const name = base[i]!;
    if (base.filter((b) => b === name).length === 1) return [r.PromptId, name];
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return [r.PromptId, t('prompts.numbered', { ns: NAMESPACE, name, n })];
  }));
}

export function Admin({ user }: { user: StaffUser }) {
  const { t } = useTranslation(NAMESPACE);
  const agentsQ = useAgentsQuery(user.userId);
  const [customerId, setCustomerId] = useState<number | undefined>();
  const [prompt, setPrompt] = useState<TicketRefPromptRow | null>(null);
  const [view, setView] = useState<'detail' | 'history'>('detail');
  const agent = customerId ?? agentsQ.data?.agents[0]?.CustomerId;
  const promptsQ = usePromptsQuery({ customerId: agent ?? 0, userId: user.userId, businessIds: user.businessIds }, { skip: !agent });

  const names = promptNames(promptsQ.data?.rows ?? [], t);
  const nameOf = (r: TicketRefPromptRow) => names.get(r.PromptId) ?? `${r.Prompt} — ${r.TicketName}`;

  if (agentsQ.error) return <ErrorNotice messageKey={(agentsQ.error as ApiFailure).status === 401 ? 'errors.UNAUTHORIZED' : 'errors.errorFetchingData'} onRetry={() => void agentsQ.refetch()} />;
  if (!agentsQ.data) return <Spinner />;
  return (
    <>
      <label className={styles.field}>{t('agent')}{' '}
        <select value={agent ?? ''} onChange={(e) => { setCustomerId(Number(e.target.value)); setPrompt(null); }}>
          {agentsQ.data.agents.map((a) => <option key={a.CustomerId} value={a.CustomerId}>{a.Name}</option>)}
        </select>
      </label>
      {agentsQ.data.agents.length === 0 && <p>{t('noAgents')}</p>}
      {promptsQ.error && <ErrorNotice messageKey="errors.errorFetchingData" onRetry={() => void promptsQ.refetch()} />}
      {promptsQ.data && (
        <DataTable caption={t('prompts.caption')} filename={`ticket-ref-${agent}`} rows={promptsQ.data.rows} rowKey={(r) => r.PromptId}
          columns={[
            { key: 'p', header: t('cols.prompt'), rowHeader: true, value: (r) => `${r.Prompt} — ${r.TicketName}` },
            { key: 'f', header: t('cols.feature'), value: (r) => filmOf(r, t) },
            { key: 'o', header: t('cols.options'), numeric: true, value: (r) => r.Options },
            { key: 'a', header: t('cols.allotted'), numeric: true, value: (r) => r.Allotted },
            { key: 'r', header: t('cols.redeemed'), numeric: true, value: (r) => r.Redeemed },
            { key: 'x', header: t('cols.actions'), value: () => '', render: (r) => (
              <span className={styles.actions}>
                <button type="button" className="tx-btn-secondary" aria-pressed={prompt?.PromptId === r.PromptId && view === 'detail'}
                  onClick={() => { setPrompt(r); setView('detail'); }}>{t('prompts.detail')}<span className="tx-visually-hidden"> {t('prompts.of', { name: nameOf(r) })}</span></button>
                <button type="button" className="tx-btn-secondary" aria-pressed={prompt?.PromptId === r.PromptId && view === 'history'}
                  onClick={() => { setPrompt(r); setView('history'); }}>{t('prompts.history')}<span className="tx-visually-hidden"> {t('prompts.of', { name: nameOf(r) })}</span></button>
              </span>
            ) },
          ]} />
      )}
      {prompt && view === 'detail' && <PromptDetail prompt={prompt} name={nameOf(prompt)} businessIds={user.businessIds} />}
      {prompt && view === 'history' && <SalesHistory prompt={prompt} name={nameOf(prompt)} businessIds={user.businessIds} />}
    </>
  );
}
