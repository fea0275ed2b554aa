import { useRef, useState, type DragEvent } from 'react';
import { imageTypes } from '../../storage/media-contract.ts';
import { uploadImage } from '../../browser/upload.ts';
import FormField from '../FormField.tsx';
import { secondaryButtonClass } from '../ui.ts';
import type { Translator } from '../use-t.ts';
import { dangerSmallButtonClass } from './ui.ts';

interface Props {
  /** the file input's id and test id; `<id>-preview`, `<id>-drop`, `<id>-choose`, `<id>-remove`, `<id>-error` */
  id: string;
  label: string;
  t: Translator;
  /** POST /api/media/{agencyName} */
  agencyName: string;
  /** the stored address: an upload's /media/… URL, an https URL kept from before, or '' for none */
  value: string;
  onChange: (url: string) => void;
  /** the form's error on this field (a required image, a server issue) */
  error?: string;
  /** `wide` for banners and covers, `square` for thumbnails, product pictures and icons */
  shape?: 'wide' | 'square';
  /** told when an upload starts and ends, so the form can hold its submit meanwhile */
  onBusy?: (busy: boolean) => void;
}

/**
 * The one image field of the dashboard (product, badge, news, tournament and competition images):
 * pick a file or drop it on the preview, it is uploaded at once through `uploadImage` and the
 * field holds the address the server answers. A refused file says why, in the words of
 * errors.<code> (not a supported image, larger than 2 MB, too many pixels...), under the field.
 */
export default function ImageField({
  id,
  label,
  t,
  agencyName,
  value,
  onChange,
  error,
  shape = 'square',
  onBusy,
}: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;
  const box = shape === 'wide' ? 'h-28 w-full max-w-72 sm:w-72' : 'h-28 w-28';

  const upload = async (file: File) => {
    setProblem(null);
    setUploading(true);
    onBusy?.(true);
    const res = await uploadImage(file, agencyName);
    setUploading(false);
    onBusy?.(false);
    if (!res.ok) return setProblem(t.error(res.code));
    onChange(res.url);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file && !uploading) void upload(file);
  };

  return (
    <FormField
      id={id}
      labelId={`${id}-label`}
      label={label}
      hint={t('dashboard.imageField.hint')}
      error={shown ?? undefined}
    >
      <div className="flex flex-wrap items-center gap-4">
        {/* the drop target: the preview, or its empty frame */}
        <div
          data-testid={`${id}-drop`}
          data-dragging={dragging || undefined}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={
            `${box} flex shrink-0 items-center justify-center overflow-hidden rounded-xl border ` +
            `${value ? 'border-line' : 'border-dashed border-line'} bg-ink/40 transition ` +
            'data-[dragging]:border-accent data-[dragging]:bg-accent/10'
          }
        >
          {value ? (
            <img
              src={value}
              alt={t('dashboard.imageField.preview')}
              className="h-full w-full object-cover"
              data-testid={`${id}-preview`}
            />
          ) : (
            <span className="px-3 text-center text-xs text-slate-400">{t('dashboard.imageField.drop')}</span>
          )}
        </div>
        <div className="flex flex-col items-start gap-2">
          <input
            ref={input}
            id={id}
            data-testid={id}
            type="file"
            accept={imageTypes.join(',')}
            className="sr-only"
            tabIndex={-1}
            aria-invalid={shown ? true : undefined}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void upload(file);
            }}
          />
          {/* "Banner, Choose an image": with two image fields on a page each button says whose it is */}
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => input.current?.click()}
            disabled={uploading}
            id={`${id}-choose`}
            aria-labelledby={`${id}-label ${id}-choose`}
            aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
            data-testid={`${id}-choose`}
          >
            {uploading
              ? t('dashboard.imageField.uploading')
              : t(value ? 'dashboard.imageField.replace' : 'dashboard.imageField.choose')}
          </button>
          {value && !uploading && (
            <button
              type="button"
              className={dangerSmallButtonClass}
              id={`${id}-remove`}
              aria-labelledby={`${id}-label ${id}-remove`}
              onClick={() => {
                setProblem(null);
                onChange('');
              }}
              data-testid={`${id}-remove`}
            >
              {t('dashboard.imageField.remove')}
            </button>
          )}
        </div>
      </div>
    </FormField>
  );
}
