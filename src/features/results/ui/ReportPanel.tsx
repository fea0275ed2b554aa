import { useEffect, useRef, useState } from 'react';
import type { Report, ReportStatus } from '../contract.ts';
import { reportRanges } from '../report-limits.ts';
import { api, apiBase, callerHeaders } from '../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { ResultsApi } from '../endpoints.ts';
import { fieldText } from '../../../platform/browser/form-errors.ts';
import FormField, { controlProps } from '../../../platform/ui/FormField.tsx';
import SubmitButton from '../../../platform/ui/SubmitButton.tsx';
import ThumbnailImage from '../../../platform/ui/ThumbnailImage.tsx';
import { errorBoxClass, inputClass, successBoxClass } from '../../../platform/ui/ui.ts';
import { lazySchema, useForm, type FieldErrors } from '../../../platform/ui/use-form.ts';
import type { Translator } from '../../../platform/ui/use-t.ts';

const call: TypedCall<ResultsApi> = api;

interface Props {
  t: Translator;
  tournamentId: string;
  /** while a report is being sent: the dialog does not close */
  onBusy: (busy: boolean) => void;
}

type Typed = { matchNumber: string; placement: string; eliminations: string };
const fields: (keyof Typed)[] = ['matchNumber', 'placement', 'eliminations'];

// the contract's schema is read on first use: this dialog is a lazy chunk of the tournament page
const rules = lazySchema<Typed>(() => import('../contract.ts').then((m) => m.reportFieldsSchema));

const tone: Record<ReportStatus, string> = {
  pending: 'text-amber-300',
  approved: 'text-emerald-300',
  rejected: 'text-rose-300',
};

/**
 * POST /tournaments/{id}/reports as multipart (the campaign upload's shape: the text parts, then the
 * screenshot in `file`), with the caller's token. The answer's code and field issues come back as
 * the API gave them; a 413 without our envelope is a proxy's body limit, which is the image.
 */
async function sendReport(
  tournamentId: string,
  values: Typed,
  file: File,
): Promise<{ ok: true; data: Report } | { ok: false; code: string; issues: { path: string; message: string }[] }> {
  const form = new FormData();
  for (const name of fields) form.append(name, values[name]);
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch(`${apiBase}/tournaments/${encodeURIComponent(tournamentId)}/reports`, {
      method: 'POST',
      headers: callerHeaders({ accept: 'application/json' }),
      body: form,
    });
  } catch {
    return { ok: false, code: 'NETWORK_ERROR', issues: [] };
  }
  const json = (await res.json().catch(() => null)) as {
    status?: string;
    data?: Report;
    error?: { code?: string; issues?: { path: string; message: string }[] };
  } | null;
  if (res.ok && json?.status === 'SUCCESS' && json.data) return { ok: true, data: json.data };
  return {
    ok: false,
    code: json?.error?.code ?? (res.status === 413 ? 'IMAGE_TOO_LARGE' : 'INTERNAL_ERROR'),
    issues: json?.error?.issues ?? [],
  };
}

/**
 * The body of "Report a match" (ReportDialog): a checked-in player sends a match's number,
 * placement and eliminations with a screenshot, and sees their reports' states (waiting, approved,
 * rejected with the admin's reason). The server decides who may report; its refusals show as their
 * translated codes, its field issues beside their fields.
 */
export default function ReportPanel({ t, tournamentId, onBusy }: Props) {
  const form = useForm<Typed>({
    defaultValues: { matchNumber: '', placement: '', eliminations: '' },
    validate: rules.validate,
  });
  const { setError, reset } = form;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [mine, setMine] = useState<Report[] | 'loading' | 'error'>('loading');
  const fileRef = useRef<HTMLInputElement>(null);
  const firstRef = useRef<HTMLInputElement | null>(null);

  const loadMine = async () => {
    const res = await call<'GET /tournaments/:id/reports/mine'>(
      `/tournaments/${encodeURIComponent(tournamentId)}/reports/mine`,
    );
    setMine(res.ok ? res.data : 'error');
  };
  useEffect(() => {
    rules.preload();
    firstRef.current?.focus();
    void loadMine();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once when the dialog opens
  }, []);

  const fileText = (code: string) =>
    code === 'requiredField' ? t('results.report.screenshotRequired') : t.error(code);

  const submit = async (values: Typed) => {
    setFailure(null);
    setSent(null);
    // the size is the server's to refuse (413 IMAGE_TOO_LARGE): the upload client's check would bring
    // the media contract's schemas into this chunk
    if (!file) return setFileError('requiredField');
    setFileError(null);
    const res = await sendReport(tournamentId, values, file);
    if (!res.ok) {
      const byField = new Map(res.issues.map((i) => [i.path.replace(/^body\./, ''), i.message]));
      for (const name of fields)
        if (byField.has(name)) setError(name, { type: 'server', message: byField.get(name) }, { shouldFocus: true });
      if (byField.has('file')) setFileError('requiredField');
      else if (['INVALID_IMAGE', 'IMAGE_DAMAGED', 'IMAGE_TOO_LARGE', 'IMAGE_TOO_MANY_PIXELS'].includes(res.code))
        setFileError(res.code);
      else if (!byField.size) setFailure(res.code);
      return;
    }
    setSent(res.data.matchNumber);
    reset({ matchNumber: '', placement: '', eliminations: '' });
    setFile(null);
    if (fileRef.current) fileRef.current.value = '';
    void loadMine();
  };

  const errorOf = (name: keyof Typed, errors: FieldErrors) =>
    fieldText(t, name, errors[name], form.values[name], reportRanges);
  const numberField = (name: keyof Typed, min: number, max: number) => {
    const id = `report-${name}`;
    const error = errorOf(name, form.errors);
    const registered = form.register(name);
    return (
      <FormField id={id} label={t(`results.report.${name}`)} error={error}>
        <input
          {...controlProps(id, error)}
          {...registered}
          ref={(el) => {
            registered.ref(el);
            if (name === 'matchNumber') firstRef.current = el;
          }}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          required
          className={inputClass}
        />
      </FormField>
    );
  };
  const fileId = 'report-file';
  const fileMessage = fileError ? fileText(fileError) : undefined;
  const busy = form.isSubmitting;
  useEffect(() => onBusy(busy), [busy, onBusy]);

  return (
    <div className="space-y-5 px-5 py-5">
      <p className="text-sm text-slate-300">{t('results.report.intro')}</p>
      <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4" data-testid="report-form">
        <div className="grid grid-cols-3 items-end gap-3">
          {numberField('matchNumber', ...reportRanges.matchNumber)}
          {numberField('placement', ...reportRanges.placement)}
          {numberField('eliminations', ...reportRanges.eliminations)}
        </div>
        <FormField
          id={fileId}
          label={t('results.report.screenshot')}
          error={fileMessage}
          hint={t('results.report.screenshotHint')}
        >
          <input
            {...controlProps(fileId, fileMessage, true)}
            ref={fileRef}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setFileError(null);
            }}
            className={
              `${inputClass} file:mr-3 file:rounded-md file:border-0 file:bg-white/10 ` +
              'file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-white'
            }
          />
        </FormField>
        {failure && (
          <p role="alert" className={errorBoxClass} data-testid="report-error">
            {t.error(failure)}
          </p>
        )}
        {sent !== null && (
          <p role="status" className={successBoxClass} data-testid="report-sent">
            {t('results.report.sent', { match: sent })}
          </p>
        )}
        <SubmitButton
          busy={busy}
          label={t('results.report.send')}
          busyLabel={t('results.report.sending')}
          testId="report-send"
        />
      </form>
      <section
        aria-labelledby="report-mine-title"
        className="space-y-2 border-t border-line pt-4"
        data-testid="report-mine"
      >
        <h3 id="report-mine-title" className="text-sm font-semibold text-white">
          {t('results.report.mine.title')}
        </h3>
        {mine === 'loading' && <p className="text-sm text-slate-400">{t('results.report.mine.loading')}</p>}
        {mine === 'error' && <p className="text-sm text-rose-300">{t('results.report.mine.loadError')}</p>}
        {Array.isArray(mine) &&
          (mine.length === 0 ? (
            <p className="text-sm text-slate-400">{t('results.report.mine.empty')}</p>
          ) : (
            <ul className="space-y-2">
              {mine.map((r) => (
                <li
                  key={r.id}
                  className="flex gap-3 rounded-lg border border-line p-2.5 text-sm"
                  data-testid="report-mine-item"
                  data-status={r.status}
                >
                  <a
                    href={r.imageUrl}
                    target="_blank"
                    rel="noopener"
                    className="shrink-0"
                    aria-label={t('results.report.mine.screenshot', { match: r.matchNumber })}
                  >
                    <ThumbnailImage
                      src={r.imageUrl}
                      size={48}
                      loading="lazy"
                      className="size-12 rounded-md ring-1 ring-line"
                    />
                  </a>
                  <div className="min-w-0">
                    <p className="text-slate-100">
                      {t('results.report.mine.line', {
                        match: r.matchNumber,
                        placement: r.placement,
                        eliminations: r.eliminations,
                      })}
                    </p>
                    {r.lobby !== null && (
                      <p className="text-xs text-slate-400" data-testid="report-mine-lobby">
                        {t('results.report.mine.lobby', { n: r.lobby })}
                      </p>
                    )}
                    <p className={`font-semibold ${tone[r.status]}`}>{t(`results.report.status.${r.status}`)}</p>
                    {r.status === 'rejected' && r.reason && (
                      <p className="break-words text-slate-300">
                        {t('results.report.mine.reason', { reason: r.reason })}
                      </p>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          ))}
      </section>
    </div>
  );
}
