/**
 * The account's sign-in methods (issue 20): linked provider identities (removable unless the last
 * way in), sign-in by emailed code, passkeys (added with the browser's own prompt, renamed,
 * removed) and a 'Link' button for each enabled provider not linked yet, which runs that
 * provider's sign-in on the login page in link mode.
 */
import {
  ERROR_CODES,
  LINK_QUERY,
  LINK_STATE_QUERY,
  type LinkableProvider,
  type LinkedIdentity,
  type PasskeyInfo,
} from '@account/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '@/lib/api';
import { useSiteConfig } from '@/lib/config-context';
import { useT } from '@/lib/i18n';
import { useLoading } from '@/lib/loading';
import { methodName } from '@/lib/method-names';
import { passkeysSupported } from '@/lib/passkeys';
import { paths } from '@/lib/paths';
import { useSystemMessage } from '@/lib/system-message';
import { Button, buttonClass } from '@/ui/Button';
import { Card } from '@/ui/Card';
import { TextField } from '@/ui/Field';
import { Icon } from '@/ui/Icon';
import { InlineConfirm } from '@/ui/InlineConfirm';
import { Spinner } from '@/ui/Spinner';
import {
  signInMethodsQuery,
  startLink,
  useAddPasskey,
  useRemoveIdentity,
  useRemovePasskey,
  useRenamePasskey,
} from './api/security';
import { dateAndTime } from './date-and-time';
import styles from './SecurityPage.module.css';

const rowAction = buttonClass('action');

/** The translation key of a failed change: the last way in, or anything else. */
const failureKey = (error: unknown) =>
  error instanceof ApiError && error.body?.code === ERROR_CODES.lastSignInMethod
    ? 'ac_LastSignInMethod'
    : 'ac_GenericError';

/** Why the row's removal was refused, under its details. */
function RemovalFailed({ error }: { error: Error | null }) {
  const t = useT();
  if (!error) return null;
  return (
    <p role="alert" className={styles.error}>
      {t(failureKey(error))}
    </p>
  );
}

function IdentityRow({ identity }: { identity: LinkedIdentity }) {
  const t = useT();
  const { companyName } = useSiteConfig();
  const { show } = useSystemMessage();
  const remove = useRemoveIdentity();
  const nameId = useId();
  const name = methodName(identity.provider, t, companyName);
  return (
    <li className={styles.row}>
      <Icon name="lock" size={28} />
      <div className={styles.details}>
        <p className={styles.name} id={nameId}>
          {name}
        </p>
        <ul className={styles.facts}>
          {identity.label && <li className={styles.wrap}>{identity.label}</li>}
          <li>{t('ac_LinkedOn', { date: dateAndTime(identity.linkedAt, t) })}</li>
          <li>{t('ac_LastUsedOn', { date: dateAndTime(identity.lastUsedAt, t) })}</li>
        </ul>
        <RemovalFailed error={remove.error} />
      </div>
      <div className={styles.rowActions}>
        <InlineConfirm
          // A refused removal asks afresh next time, instead of keeping 'Are you sure?' open.
          key={remove.submittedAt}
          className={rowAction}
          describedBy={nameId}
          onConfirm={() => remove.mutate(identity.id, { onSuccess: () => show(t('ac_MethodRemoved', { name })) })}
        >
          {t('ac_Remove')}
        </InlineConfirm>
      </div>
    </li>
  );
}

function PasskeyRow({ passkey }: { passkey: PasskeyInfo }) {
  const t = useT();
  const { show } = useSystemMessage();
  const remove = useRemovePasskey();
  const rename = useRenamePasskey();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const nameId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(
      { id: passkey.id, name },
      {
        onSuccess: () => {
          setEditing(false);
          show(t('ac_PasskeyRenamed'));
        },
      },
    );
  };
  const renameError = rename.error instanceof ApiError ? rename.error.fields.Name : undefined;

  return (
    <li className={styles.row}>
      <Icon name="key" size={28} />
      <div className={styles.details}>
        {editing ? (
          <form className={styles.inlineForm} onSubmit={submit} noValidate>
            <TextField
              label={t('ac_PasskeyName')}
              value={name}
              maxLength={64}
              autoFocus
              onChange={(event) => setName(event.target.value)}
              error={renameError ? t(renameError) : rename.isError ? t('ac_GenericError') : null}
            />
            <div className={styles.formActions}>
              <Button type="submit" disabled={rename.isPending}>
                {t('ac_Save')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  setEditing(false);
                  setName(passkey.name);
                  rename.reset();
                }}
              >
                {t('ac_Cancel')}
              </Button>
            </div>
          </form>
        ) : (
          <p className={styles.name} id={nameId}>
            {passkey.name}
          </p>
        )}
        <ul className={styles.facts}>
          <li>{t('ac_PasskeyAddedOn', { date: dateAndTime(passkey.createdAt, t) })}</li>
          <li>
            {passkey.lastUsedAt ? t('ac_LastUsedOn', { date: dateAndTime(passkey.lastUsedAt, t) }) : t('ac_NotUsedYet')}
          </li>
          {passkey.synced && <li>{t('ac_PasskeySynced')}</li>}
        </ul>
        <RemovalFailed error={remove.error} />
      </div>
      {!editing && (
        <div className={styles.rowActions}>
          <button
            type="button"
            className={rowAction}
            aria-label={t('ac_RenamePasskey', { name: passkey.name })}
            onClick={() => setEditing(true)}
          >
            {t('ac_Rename')}
          </button>
          <InlineConfirm
            key={remove.submittedAt}
            className={rowAction}
            describedBy={nameId}
            onConfirm={() => remove.mutate(passkey.id, { onSuccess: () => show(t('ac_PasskeyRemoved')) })}
          >
            {t('ac_Remove')}
          </InlineConfirm>
        </div>
      )}
    </li>
  );
}

function AddPasskey() {
  const t = useT();
  const { show } = useSystemMessage();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [open, setOpen] = useState(false);

  if (!passkeysSupported()) return <p className={styles.muted}>{t('ac_PasskeysUnsupported')}</p>;
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('ac_AddPasskey')}
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(name, {
      onSuccess: () => {
        setOpen(false);
        setName('');
        show(t('ac_PasskeyAdded'));
      },
    });
  };
  const fieldError = add.error instanceof ApiError ? add.error.fields.Name : undefined;
  // The browser's own prompt was dismissed (NotAllowedError): nothing to tell, the shopper chose.
  const dismissed = add.error instanceof Error && add.error.name === 'NotAllowedError';
  return (
    <form className={styles.inlineForm} onSubmit={submit} noValidate>
      <TextField
        label={t('ac_PasskeyName')}
        hint={t('ac_PasskeyNameHint')}
        value={name}
        maxLength={64}
        autoFocus
        autoComplete="off"
        onChange={(event) => setName(event.target.value)}
        error={fieldError ? t(fieldError) : null}
      />
      {add.isError && !fieldError && !dismissed && (
        <p role="alert" className={styles.error}>
          {t('ac_PasskeyNotAdded')}
        </p>
      )}
      <div className={styles.formActions}>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? t('ac_AddingPasskey') : t('ac_AddPasskey')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setOpen(false);
            add.reset();
          }}
        >
          {t('ac_Cancel')}
        </Button>
      </div>
    </form>
  );
}

function LinkButtons({ providers }: { providers: readonly LinkableProvider[] }) {
  const t = useT();
  const { companyName } = useSiteConfig();
  const loading = useLoading();
  const [failed, setFailed] = useState(false);
  const link = async (provider: LinkableProvider) => {
    setFailed(false);
    loading.show();
    try {
      const { state } = await startLink(provider);
      const query = new URLSearchParams({ [LINK_QUERY]: provider, [LINK_STATE_QUERY]: state });
      // A full page load: the login page starts afresh, with the provider's own scripts.
      window.location.assign(`/account${paths.login}?${query}`);
    } catch {
      loading.hide();
      setFailed(true);
    }
  };
  return (
    <div className={styles.linkable}>
      <h3 className={styles.subheading}>{t('ac_AddSignInMethod')}</h3>
      <ul className="wrapping-list">
        {providers.map((provider) => (
          <li key={provider}>
            <Button variant="secondary" onClick={() => void link(provider)}>
              {t('ac_LinkProvider', { provider: methodName(provider, t, companyName) })}
            </Button>
          </li>
        ))}
      </ul>
      {failed && (
        <p role="alert" className={styles.error}>
          {t('ac_GenericError')}
        </p>
      )}
    </div>
  );
}

export function SignInMethodsCard() {
  const t = useT();
  const config = useSiteConfig();
  const methods = useQuery(signInMethodsQuery);
  const data = methods.data;
  return (
    <Card title={t('ac_SignInMethods')} collapsible description={t('ac_SignInMethodsDescription')}>
      {methods.isPending && <Spinner label={t('ac_Loading')} />}
      {methods.isError && (
        <p role="alert" className={styles.error}>
          {t('ac_SignInMethodsLoadFailed')}
        </p>
      )}
      {data && (
        <>
          <ul className={styles.list}>
            {data.identities.map((identity) => (
              <IdentityRow key={identity.id} identity={identity} />
            ))}
            {data.emailSignIn && (
              <li className={styles.row}>
                <Icon name="mail" size={28} />
                <div className={styles.details}>
                  <p className={styles.name}>{t('ac_MethodEmail')}</p>
                  <p className={`${styles.facts} ${styles.wrap}`}>
                    {t('ac_EmailSignInDetail', { email: data.emailSignIn })}
                  </p>
                </div>
              </li>
            )}
          </ul>
          {data.linkable.length > 0 && <LinkButtons providers={data.linkable} />}
          {config.passkeys && (
            <section className={styles.passkeys} aria-labelledby="passkeys-heading">
              <h3 className={styles.subheading} id="passkeys-heading">
                {t('ac_Passkeys')}
              </h3>
              <p className={styles.muted}>{t('ac_PasskeysDescription')}</p>
              {data.passkeys.length > 0 ? (
                <ul className={styles.list}>
                  {data.passkeys.map((passkey) => (
                    <PasskeyRow key={passkey.id} passkey={passkey} />
                  ))}
                </ul>
              ) : (
                <p className={styles.muted}>{t('ac_NoPasskeys')}</p>
              )}
              <AddPasskey />
            </section>
          )}
        </>
      )}
    </Card>
  );
}
