import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { imageTypes } from '../../../../platform/storage/media-contract.ts';
import { uploadImage } from '../../../../platform/browser/upload.ts';
import { secondaryButtonClass } from '../../../../platform/ui/ui.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { dangerSmallButtonClass } from '../../../../platform/ui/admin/ui.ts';

interface Props {
  id: string;
  t: Translator;
  agencyName: string;
  value: string;
  onChange: (url: string) => void;
  /** a field error from the form (e.g. a server issue on `image`) */
  error?: string;
}

/** The cover image: uploaded through POST /api/media/{agency} (at most 2 MB), stored as its /media/… address. */
export default function NewsImageField({ id, t, agencyName, value, onChange, error }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;

  const upload = async (file: File) => {
    setProblem(null);
    setUploading(true);
    const res = await uploadImage(file, agencyName);
    setUploading(false);
    if (!res.ok) {
      const text = res.reason === 'tooLarge' ? t('news.admin.form.imageTooLarge') : res.reason === 'invalid' ? t.error(res.code) : t('news.admin.form.imageUpload');
      setProblem(text);
      toast.error(res.reason === 'failed' ? t.error(res.code) : text);
      return;
    }
    onChange(res.url);
    toast.success(t('news.admin.form.imageUploaded'));
  };

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-300">
        {t('news.admin.form.image')}
      </label>
      <div className="flex flex-wrap items-center gap-4">
        {value ? <img src={value} alt="" className="h-24 w-40 rounded-lg border border-line object-cover" data-testid={`${id}-preview`} /> : <span aria-hidden="true" className="h-24 w-40 rounded-lg border border-dashed border-line" />}
        <div className="flex flex-col gap-2">
          <input
            ref={input}
            id={id}
            data-testid={id}
            type="file"
            accept={imageTypes.join(',')}
            className="sr-only"
            aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
            aria-invalid={shown ? true : undefined}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) upload(file);
            }}
          />
          <button type="button" className={secondaryButtonClass} onClick={() => input.current?.click()} disabled={uploading} data-testid={`${id}-choose`}>
            {uploading ? t('news.admin.form.imageUploading') : t('news.admin.form.imageChoose')}
          </button>
          {value && (
            <button type="button" className={dangerSmallButtonClass} onClick={() => onChange('')} data-testid={`${id}-remove`}>
              {t('news.admin.form.imageRemove')}
            </button>
          )}
        </div>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-400">
        {t('news.admin.form.imageHint')}
      </p>
      <p id={`${id}-error`} data-testid={`${id}-error`} aria-live="polite" className="text-sm text-rose-400 empty:hidden">
        {shown}
      </p>
    </div>
  );
}
