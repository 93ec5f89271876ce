/**
 * The two steps of asking for a return (issue 46). Step 1: the order's lines, each that may go
 * back with a checkbox, a quantity and a reason, the others shown disabled with why; how it goes
 * back; a comment. Step 2: what, how and what it costs, then 'Confirm return'. The server's field
 * errors take the shopper back to step 1, at their fields; the created return is named in the
 * system message on the order's detail.
 */
import {
  formatDate,
  type Order,
  RETURN_COMMENT_MAX,
  type ReturnOptionLine,
  type ReturnOptions,
} from '@account/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api';
import { useT } from '@/lib/i18n';
import { useLoading } from '@/lib/loading';
import { useFormatMoney } from '@/lib/money';
import { usePageTransition } from '@/lib/navigation';
import { paths } from '@/lib/paths';
import { useSystemMessage } from '@/lib/system-message';
import { useValidatedForm } from '@/lib/use-validated-form';
import { Button } from '@/ui/Button';
import { Card } from '@/ui/Card';
import { Checkbox, CheckboxGroup } from '@/ui/Checkbox';
import { FieldError, RadioGroup, TextAreaField } from '@/ui/Field';
import { Form, FormActions } from '@/ui/Form';
import { Select } from '@/ui/Select';
import { useCreateReturnMutation } from './api/returns';
import styles from './Returns.module.css';
import {
  availableMethods,
  chosenLines,
  emptyRequest,
  type LineChoice,
  lineField,
  type ReturnRequest,
  requestBody,
  requestFields,
  requestProblems,
} from './return-request';

export function ReturnRequestForm({
  orderId,
  options,
  order,
}: {
  orderId: number;
  options: ReturnOptions;
  /** The order, for what the chosen products cost (what comes back); its summary line waits for it. */
  order: Order | null;
}) {
  const t = useT();
  const money = useFormatMoney();
  const loading = useLoading();
  const { show } = useSystemMessage();
  const { navigate } = usePageTransition();
  const { mutateAsync: createReturn } = useCreateReturnMutation(orderId);
  const [request, setRequest] = useState<ReturnRequest>(() => emptyRequest(options));
  const [step, setStep] = useState<1 | 2>(1);
  const [sending, setSending] = useState(false);
  const problems = requestProblems(options, request);
  const form = useValidatedForm({ problems });
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);

  /** A step change moves the focus to the new step's heading, so it is read first. */
  const goTo = (next: 1 | 2) => {
    focusHeading.current = true;
    setStep(next);
  };
  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  });

  const chosen = chosenLines(options, request);
  const methods = availableMethods(options, request);
  const method = methods.find((m) => m.code === request.method);
  const reasonLabel = (code: string) => options.reasons.find((r) => r.code === code)?.label ?? code;
  const cost = (amount: { amount: number; currency: string }) => (amount.amount === 0 ? t('ac_Free') : money(amount));

  const update = (change: (old: ReturnRequest) => ReturnRequest) => {
    setRequest(change);
    // A changed choice may move the lines' places, so the server's errors of all of them go.
    form.changed(...requestFields(options));
  };
  const setLine = (line: number, change: Partial<LineChoice>) =>
    update((old) => {
      const current = old.lines[line];
      return current ? { ...old, lines: { ...old.lines, [line]: { ...current, ...change } } } : old;
    });

  const onContinue = form.handleSubmit(async () => goTo(2));

  const confirm = async () => {
    if (sending) return;
    setSending(true);
    loading.show();
    try {
      const created = await createReturn(requestBody(options, request));
      show(t('ac_ReturnCreated', { number: created.number }));
      navigate(paths.order(orderId));
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.fields).length > 0) {
        // Back to the fields, the focus on the first at fault (not on the heading).
        setStep(1);
        form.showServerErrors(failure.fields);
      }
      // Other failures pass on unchanged (§8): the summary stays, to be confirmed again.
    } finally {
      loading.hide();
      setSending(false);
    }
  };

  const stepHeading = (title: string) => (
    <h2 ref={heading} tabIndex={-1} className={styles.stepHeading}>
      <span className={styles.stepNumber}>{t('ac_ReturnStep', { step, total: 2 })}</span>
      {title}
    </h2>
  );

  // What comes back: the chosen products' prices, less what the method costs; the shop refunds it the way it was paid.
  const refund =
    order && method
      ? {
          amount: Math.max(
            0,
            chosen.reduce(
              (sum, line) =>
                sum + (order.products[line.line]?.price.amount ?? 0) * (request.lines[line.line]?.quantity ?? 1),
              0,
            ) - method.cost.amount,
          ),
          currency: order.totalPrice.currency,
        }
      : null;

  if (step === 2) {
    return (
      <Card>
        {stepHeading(t('ac_ReturnSummaryTitle'))}
        <dl className={styles.summary}>
          <div>
            <dt>{t('ac_ReturnWhat')}</dt>
            <dd>
              <ul className={styles.lines}>
                {chosen.map((line) => {
                  const choice = request.lines[line.line];
                  return (
                    <li key={line.line}>
                      {t('ac_QuantityOf', { quantity: choice?.quantity ?? 1, name: line.name })} —{' '}
                      {reasonLabel(choice?.reason ?? '')}
                    </li>
                  );
                })}
              </ul>
            </dd>
          </div>
          <div>
            <dt>{t('ac_ReturnHow')}</dt>
            <dd>{method?.label}</dd>
          </div>
          <div>
            <dt>{t('ac_ReturnCost')}</dt>
            <dd>{method && cost(method.cost)}</dd>
          </div>
          {refund && (
            <div>
              <dt>{t('ac_ReturnRefund')}</dt>
              <dd>{t('ac_ReturnRefundTo', { amount: money(refund) })}</dd>
            </div>
          )}
          {request.comment.trim() && (
            <div>
              <dt>{t('ac_ReturnComment')}</dt>
              <dd>{request.comment.trim()}</dd>
            </div>
          )}
        </dl>
        <FormActions>
          <Button variant="secondary" onClick={() => goTo(1)}>
            {t('ac_ChangeReturn')}
          </Button>
          <Button onClick={() => void confirm()} disabled={sending}>
            {t('ac_ConfirmReturn')}
          </Button>
        </FormActions>
      </Card>
    );
  }

  const returnable = options.lines.some((line) => line.why === null);
  return (
    <Card>
      {stepHeading(t('ac_ReturnChooseTitle'))}
      {!returnable && <p>{t('ac_ReturnNothingReturnable')}</p>}
      <Form ref={form.ref} onSubmit={onContinue}>
        <CheckboxGroup legend={t('ac_ReturnChooseItems')}>
          <div className={styles.lineChoices}>
            {options.lines.map((line) => (
              <LineRow
                key={line.line}
                line={line}
                choice={request.lines[line.line]}
                index={chosen.indexOf(line)}
                options={options}
                error={form.error}
                onChange={(change) => setLine(line.line, change)}
              />
            ))}
            <FieldError id="return-lines-error" error={form.error('Lines')} />
          </div>
        </CheckboxGroup>
        <RadioGroup
          label={t('ac_ReturnMethod')}
          name="method"
          value={request.method}
          options={methods.map((m) => ({ value: m.code, label: `${m.label} — ${cost(m.cost)}` }))}
          error={form.error('Method')}
          onChange={(value) => update((old) => ({ ...old, method: value }))}
        />
        <TextAreaField
          label={t('ac_ReturnComment')}
          optionalText={t('ac_Optional')}
          value={request.comment}
          maxLength={RETURN_COMMENT_MAX}
          hint={t('ac_CharactersLeft', { count: RETURN_COMMENT_MAX - request.comment.length })}
          error={form.error('Comment')}
          onChange={(event) => {
            const comment = event.target.value;
            update((old) => ({ ...old, comment }));
          }}
        />
        <FormActions>
          <Button type="submit" disabled={!returnable}>
            {t('ac_ContinueToSummary')}
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}

function whyNot(line: ReturnOptionLine, t: ReturnType<typeof useT>): string {
  switch (line.why) {
    case 'expired':
      return t('ac_ReturnWhyExpired', { date: formatDate(line.until, 'orderDate') });
    case 'notDelivered':
      return t('ac_ReturnWhyNotDelivered');
    case 'allReturned':
      return t('ac_ReturnWhyAllReturned');
    default:
      return t('ac_ReturnWhyNotReturnable');
  }
}

function LineRow({
  line,
  choice,
  index,
  options,
  error,
  onChange,
}: {
  line: ReturnOptionLine;
  choice: LineChoice | undefined;
  /** The line's place among the chosen lines (-1 when not chosen): its fields' names. */
  index: number;
  options: ReturnOptions;
  error(field: string): string | null;
  onChange(change: Partial<LineChoice>): void;
}) {
  const t = useT();
  const noteId = `return-line-${line.line}-note`;
  const lineErrorId = `return-line-${line.line}-error`;
  if (line.why !== null || !choice) {
    return (
      <div className={styles.lineChoice}>
        <Checkbox label={line.name} checked={false} disabled aria-describedby={noteId} onChange={() => {}} />
        <span id={noteId} className={styles.muted}>
          {whyNot(line, t)}
        </span>
      </div>
    );
  }
  const lineError = index >= 0 ? error(lineField(index, 'Line')) : null;
  const note: ReactNode = line.until ? t('ac_ReturnUntil', { date: formatDate(line.until, 'orderDate') }) : null;
  return (
    <div className={styles.lineChoice}>
      <Checkbox
        label={line.name}
        checked={choice.chosen}
        aria-invalid={lineError ? true : undefined}
        aria-describedby={[note ? noteId : '', lineError ? lineErrorId : ''].filter(Boolean).join(' ') || undefined}
        onChange={(checked) => onChange({ chosen: checked })}
      />
      {note && (
        <span id={noteId} className={styles.muted}>
          {note}
        </span>
      )}
      <FieldError id={lineErrorId} error={lineError} />
      {choice.chosen && (
        // Its own group, named by the line: each line's Quantity and Reason are told apart.
        <fieldset className={styles.lineFields}>
          <legend className="visually-hidden">{line.name}</legend>
          <Select
            label={t('ac_ReturnQuantity')}
            value={String(choice.quantity)}
            options={Array.from({ length: line.maxQuantity }, (_, i) => ({
              value: String(i + 1),
              label: String(i + 1),
            }))}
            error={error(lineField(index, 'Quantity'))}
            onChange={(value) => onChange({ quantity: Number(value) })}
          />
          <Select
            label={t('ac_ReturnReason')}
            value={choice.reason}
            emptyOption={t('ac_ReturnChooseReason')}
            options={options.reasons
              .filter((reason) => line.reasons.includes(reason.code))
              .map((reason) => ({ value: reason.code, label: reason.label }))}
            error={error(lineField(index, 'Reason'))}
            onChange={(value) => onChange({ reason: value })}
          />
        </fieldset>
      )}
    </div>
  );
}
