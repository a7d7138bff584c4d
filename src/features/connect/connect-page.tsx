import { type FormEvent, Suspense, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/button';
import { LanguageMenu } from '../../components/language-menu';
import { safeReturnPath } from '../../config/paths';
import { useRuntimeConfig } from '../../config/runtime-config-context';
import { useApiClientFactory } from '../../lib/api/api-client-factory-context';
import { normalizeServiceUrl } from '../../lib/api/endpoints';
import { isApiError } from '../../lib/api/errors';
import { probeReadableScopes } from '../../lib/api/readable-scopes';
import type { Connection, Scope } from '../../lib/api/types';
import { useAuth } from '../../lib/auth/auth-context';
import type { Workspace } from '../../lib/auth/auth-store';
import { readLastServiceUrl } from '../../lib/auth/connection-storage';
import { workspaceNameOf } from '../../lib/auth/workspace-labels';
import { useT } from '../../lib/i18n/i18n-react';
import { lazyWithRetry } from '../../lib/lazy-with-retry';
import {
  connectFailureDetail,
  connectFailureHint,
  connectFailureMessage,
  serviceLabelOf,
  signedOutMessageOf,
} from './connect-failure-message';
import { ConnectFields } from './connect-fields';
import { connectFormProblem } from './connect-form-problem';
import { WorkspaceList } from './workspace-list';

/** `/connect?add=1`: the header's "Add a workspace", shown while another stays open. */
export const ADD_WORKSPACE_PARAM = 'add';
/** `/connect?signin=<workspace id>`: "Sign in again" to a workspace whose key was refused. */
export const SIGN_IN_AGAIN_PARAM = 'signin';

type CheckState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'failed'; error: unknown; serviceUrl: string };

/**
 * A failed check's "Details" (request, status, reply) load only once a check has failed:
 * the connect screen's first download has a budget (issue 20) and most visits never fail.
 */
const ErrorDetails = lazyWithRetry(() =>
  import('../../components/error-details').then(({ ErrorDetails: Details }) => ({
    default: Details,
  })),
);

export interface ConnectPageProps {
  /**
   * Connect was pressed with a typed key: the screen it leads to (`path`) may send its
   * first requests now, beside the key's check, instead of after it.
   */
  onConnecting?: (connection: Connection, path: string) => void;
  /**
   * The key was accepted and its workspace is open: the screen stays until this resolves
   * (the first screen's replies put into the workspace's cache), then moves on. It must
   * not reject: the workspace is open either way.
   */
  onConnected?: () => Promise<unknown>;
}

export function ConnectPage({ onConnecting, onConnected }: ConnectPageProps = {}) {
  const config = useRuntimeConfig();
  const {
    session,
    workspaces,
    signedOutReason,
    refusedId,
    connect,
    switchTo,
    lastView,
    persistence,
  } = useAuth();
  const createClient = useApiClientFactory();
  const t = useT();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnPath = safeReturnPath(searchParams.get('next'));
  const adding = searchParams.has(ADD_WORKSPACE_PARAM);

  /** The workspace a new key is for ("Sign in again"), from the link or the refusal just now. */
  const [signInToId, setSignInToId] = useState<string | null>(
    () => searchParams.get(SIGN_IN_AGAIN_PARAM) ?? refusedId,
  );
  // A refusal noted after this screen opened names the workspace to sign in to, too.
  useEffect(() => {
    if (refusedId !== null) setSignInToId((current) => current ?? refusedId);
  }, [refusedId]);
  const signInTo: Workspace | null =
    workspaces.find((workspace) => workspace.id === signInToId) ?? null;
  const [serviceUrl, setServiceUrl] = useState(
    () => signInTo?.connection.serviceUrl ?? readLastServiceUrl() ?? config.serviceUrl,
  );
  const [apiKey, setApiKey] = useState('');
  const [remember, setRemember] = useState(signInTo?.remembered ?? false);
  const [name, setName] = useState(signInTo?.name ?? '');
  const [formProblem, setFormProblem] = useState<string | null>(null);

  // Plain state rather than useMutation: one request, and it keeps the connect screen's bundle small.
  const [check, setCheck] = useState<CheckState>({ status: 'idle' });
  const isChecking = check.status === 'checking';

  // The demo's key is config.json's to give: a demo workspace whose key was refused (the
  // server's database was made afresh, or its key revoked) takes the one served now.
  const demoConnection: Connection | null = config.demoKey
    ? { serviceUrl: config.serviceUrl, apiKey: config.demoKey, skillsPath: config.skillsPath }
    : null;
  // The refused demo is the one being signed in to, or, however this screen was reached
  // (several requests refused at once may land here before or after the refusal is noted),
  // the remembered demo workspace whose key was refused.
  const demoToReopen =
    signInTo?.demo === true
      ? signInTo
      : signInTo === null
        ? (workspaces.find((workspace) => workspace.demo && workspace.keyRefused) ?? null)
        : null;
  const refusedDemo =
    demoToReopen !== null &&
    demoConnection !== null &&
    demoToReopen.connection.apiKey !== demoConnection.apiKey
      ? demoToReopen
      : null;
  const reopening = useRef<string | null>(null);
  useEffect(() => {
    if (refusedDemo === null || demoConnection === null) return;
    if (reopening.current === refusedDemo.id) return;
    reopening.current = refusedDemo.id;
    void attempt(demoConnection, {
      workspaceId: refusedDemo.id,
      demo: true,
      remember: refusedDemo.remembered,
    });
  });

  if (session && !isChecking && !adding) {
    return <Navigate to={lastView(session.id) ?? returnPath} replace />;
  }

  const trimmedKey = apiKey.trim();

  function open(workspaceId: string) {
    switchTo(workspaceId);
    navigate(lastView(workspaceId) ?? returnPath, { replace: true });
  }

  async function attempt(
    connection: Connection,
    target: {
      name?: string | null;
      demo?: boolean;
      workspaceId?: string;
      remember?: boolean;
    } = {},
  ) {
    setFormProblem(null);
    setCheck({ status: 'checking' });
    let readableScopes: Scope[];
    try {
      readableScopes = await probeReadableScopes(createClient(connection));
    } catch (error) {
      setCheck({ status: 'failed', error, serviceUrl: connection.serviceUrl });
      return;
    }
    const isDemo =
      target.demo ??
      (demoConnection !== null &&
        connection.serviceUrl === demoConnection.serviceUrl &&
        connection.apiKey === demoConnection.apiKey);
    connect(connection, {
      remember: target.remember ?? remember,
      readableScopes,
      demo: isDemo,
      ...(target.name === undefined || target.name === null ? {} : { name: target.name }),
      ...(target.workspaceId === undefined ? {} : { workspaceId: target.workspaceId }),
    });
    // The workspace's own client, made now: it takes the replies sent at Connect into the
    // workspace's cache (src/app/start-app.tsx). The screen stays ("checking") until they
    // are in, so the next one renders once, with them. It leaves this screen (returnPath is
    // never /connect).
    createClient(connection);
    await onConnected?.();
    navigate(returnPath, { replace: true });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const url = normalizeServiceUrl(serviceUrl);
    const problem = connectFormProblem(url, trimmedKey, t);
    if (problem) {
      setCheck({ status: 'idle' });
      setFormProblem(problem);
      return;
    }
    const connection = { serviceUrl: url, apiKey: trimmedKey, skillsPath: config.skillsPath };
    onConnecting?.(connection, returnPath);
    void attempt(connection, {
      name: name.trim() === '' ? null : name.trim(),
      ...(signInTo === null ? {} : { workspaceId: signInTo.id }),
    });
  }

  const failure =
    check.status === 'failed'
      ? connectFailureMessage(check.error, serviceLabelOf(check.serviceUrl), t)
      : null;
  const problem = formProblem ?? failure;
  const failureDetail =
    check.status === 'failed' && formProblem === null ? connectFailureDetail(check.error) : null;
  const hint =
    check.status === 'failed' && formProblem === null
      ? connectFailureHint(check.error, check.serviceUrl, t)
      : null;

  return (
    <main className="relative flex min-h-dvh items-start justify-center bg-slate-50 px-4 py-12 sm:items-center dark:bg-slate-950">
      <LanguageMenu className="absolute top-3 right-4" />
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-xl font-semibold text-slate-900 dark:text-white">
          {signInTo ? (
            t('connect.signInAgain.title', { name: workspaceNameOf(signInTo) })
          ) : adding && session ? (
            t('connect.add.title')
          ) : (
            // The deployment's own name for this page (config.json), not a message.
            <span translate="no">{config.title}</span>
          )}
        </h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('connect.intro')}</p>
        {adding && session && (
          <p className="mt-3 text-sm">
            <Link
              to={lastView(session.id) ?? returnPath}
              className="text-blue-700 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300"
            >
              {t('connect.add.backTo', { name: workspaceNameOf(session) })}
            </Link>
          </p>
        )}

        {signedOutReason && (
          <p
            role="status"
            className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
          >
            {signedOutMessageOf(signedOutReason, t)}
          </p>
        )}

        {signInTo && (
          <div className="mt-4 text-sm text-slate-700 dark:text-slate-200">
            <p>
              {refusedDemo && check.status !== 'failed'
                ? t('connect.signInAgain.reopeningDemo')
                : t('connect.signInAgain.intro', { name: workspaceNameOf(signInTo) })}
            </p>
            <button
              type="button"
              onClick={() => {
                setSignInToId(null);
                setName('');
              }}
              className="mt-2 text-blue-700 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300"
            >
              {t('connect.signInAgain.cancel')}
            </button>
          </div>
        )}

        {workspaces.length > 0 && persistence !== 'memory' && !signInTo && (
          <WorkspaceList
            openId={session?.id ?? null}
            disabled={isChecking}
            onOpen={open}
            onSignInAgain={(workspace) => {
              setSignInToId(workspace.id);
              setServiceUrl(workspace.connection.serviceUrl);
              setName(workspace.name ?? '');
              setRemember(workspace.remembered);
              setApiKey('');
              setCheck({ status: 'idle' });
            }}
          />
        )}

        {config.demoKey && !signInTo && (
          <div className="mt-5">
            <Button
              variant="primary"
              className="w-full py-2.5 text-base"
              disabled={isChecking}
              onClick={() =>
                demoConnection &&
                void attempt(demoConnection, {
                  demo: true,
                  // One demo workspace: a refused one takes the key served now.
                  ...(() => {
                    const known = workspaces.find((workspace) => workspace.demo);
                    return known ? { workspaceId: known.id } : {};
                  })(),
                })
              }
            >
              {t('connect.demo.open')}
            </Button>
            <p className="mt-4 text-center text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">
              {t('connect.demo.or')}
            </p>
          </div>
        )}

        <form className="mt-5 space-y-4" onSubmit={onSubmit} noValidate>
          <ConnectFields
            serviceUrl={[serviceUrl, setServiceUrl]}
            apiKey={[apiKey, setApiKey]}
            name={[name, setName]}
            remember={[remember, setRemember]}
            persistence={persistence}
          />

          {problem && (
            <div
              role="alert"
              className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100"
            >
              <p>{problem}</p>
              {failureDetail !== null && (
                <p className="mt-2 break-words text-xs" lang={failureDetail.lang}>
                  {failureDetail.fromService
                    ? t('connect.failure.serviceSays', { message: failureDetail.text })
                    : failureDetail.text}
                </p>
              )}
              {formProblem === null && check.status === 'failed' && isApiError(check.error) && (
                <Suspense fallback={null}>
                  <ErrorDetails error={check.error} className="mt-2" />
                </Suspense>
              )}
            </div>
          )}
          {hint && (
            <div className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
              <p>{hint.text}</p>
              <pre className="mt-2 overflow-x-auto rounded bg-white p-2 font-mono text-xs dark:bg-slate-950">
                <code translate="no">{hint.command}</code>
              </pre>
            </div>
          )}

          <Button type="submit" variant="primary" className="w-full py-2" disabled={isChecking}>
            {isChecking
              ? t('connect.form.checking')
              : signInTo
                ? t('connect.form.signIn')
                : t('connect.form.connect')}
          </Button>
        </form>
      </div>
    </main>
  );
}
