import { useEffect } from 'react';
import { schemaValidator, useForm } from '../../../../platform/ui/use-form.ts';
import { toast } from 'sonner';
import type { z } from 'zod';
import { MAX_CREDITS, MAX_QUANTITY, productInputSchema, productUpdateSchema, type Product } from '../../contract.ts';
import { api, marketplaceApiBase } from '../../../../platform/browser/api-client.ts';
import { serverFieldErrors } from '../../../../platform/browser/form-errors.ts';
import { fieldsOf, NumberField, TextField, useImageFields } from '../../../../platform/ui/admin/fields.tsx';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { fieldErrorReader } from '../../../../platform/ui/admin/field-error.ts';
import { leaveWithToast } from '../../../../platform/ui/admin/flash-toast.ts';
import { type SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import { productBody, productValues, type ProductValues } from './form-values.ts';
import ImageField from '../../../../platform/ui/admin/ImageField.tsx';
import { isNotFound } from '../../../../platform/ui/admin/EditorLoadError.tsx';
import { EditorForm, EditorFrame, useEditorRecord } from '../../../../platform/ui/admin/EditorFrame.tsx';
import { useLanguageTab } from '../../../../platform/ui/admin/use-language-tab.ts';
import { editorPage, type EditorPage } from '../../../../platform/ui/admin/editor-page.ts';
import { NameAndDescription } from '../../../../platform/ui/admin/LanguageTabs.tsx';
import { useUnsavedGuard } from '../../../../platform/ui/admin/unsaved-guard.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { RewardsApi } from '../../endpoints.ts';

const call: TypedCall<RewardsApi> = api;

type Values = ProductValues;
type Body = z.input<typeof productInputSchema>;
type Output = z.output<typeof productInputSchema>;
const fields = ['name', 'description', 'price', 'quantity', 'brand', 'image'] as const;
// a new product needs a unit in stock; an edited one may stay sold out (quantity 0)
const createRanges = { price: [0, MAX_CREDITS], quantity: [1, MAX_QUANTITY] } as const;
const editRanges = { price: [0, MAX_CREDITS], quantity: [0, MAX_QUANTITY] } as const;
const toValues = productValues;

/** /dashboard/products/new and /dashboard/products/edit?id=… (the product is loaded by id, so a reload works). */
export default function ProductEditor({ t, locale, section, agencyName = '' }: SectionProps) {
  const editor = useEditorRecord(section === 'productsEdit', (id) =>
    call<'GET /marketplace/products/:id'>(`/marketplace/products/${encodeURIComponent(id)}`, {
      base: marketplaceApiBase,
    }),
  );
  const { failure } = editor;
  useEffect(() => {
    // an unknown id is said inline by the frame; a toast is for a read that failed
    if (failure && !isNotFound(failure)) toast.error(t('rewardsAdmin.error.network'));
  }, [failure, t]);
  const page = editorPage(t, locale, { list: 'products', name: 'product', ns: 'rewardsAdmin.productForm' });
  return (
    <EditorFrame {...page} editor={editor} loading={t('dashboard.common.loading')} recordId={(p) => p._id}>
      {(product) => <ProductForm t={t} page={page} product={product} agencyName={agencyName} />}
    </EditorFrame>
  );
}

interface FormProps {
  t: Translator;
  page: EditorPage;
  product: Product | null;
  agencyName: string;
}

function ProductForm({ t, page, product, agencyName }: FormProps) {
  const editing = product !== null;
  const toBody = (v: Values): Body => productBody(v, product);
  const { register, handleSubmit, getValues, setValue, setError, clearErrors, watch, errors, isSubmitting, isDirty } =
    useForm<Values>({
      validate: schemaValidator<Values>(editing ? productUpdateSchema : productInputSchema, toBody),
      defaultValues: toValues(product),
    });
  useUnsavedGuard(isDirty);
  const fieldError = fieldErrorReader(t, errors, getValues, editing ? editRanges : createRanges);
  const field = fieldsOf({ register, fieldError }, 'product');
  const { uploading, image } = useImageFields({ watch, setValue, clearErrors, fieldError }, 'product', {
    t,
    agencyName,
  });
  const lang = useLanguageTab(['name', 'description'], fieldError);

  const onSubmit = async (body: Output) => {
    const res = editing
      ? await call<'PUT /marketplace/products/:id'>(`/marketplace/products/${encodeURIComponent(product._id)}`, {
          method: 'PUT',
          body,
          base: marketplaceApiBase,
        })
      : await call<'POST /marketplace/products'>('/marketplace/products', { body, base: marketplaceApiBase });
    if (!res.ok) {
      for (const { field, error } of serverFieldErrors(res, fields)) setError(field, error, { shouldFocus: true });
      toast.error(t('rewardsAdmin.product.saveError'), { description: t.error(res.code) });
      return;
    }
    leaveWithToast(page.listHref, { key: 'rewardsAdmin.product.saveSuccess', vars: { name: res.data.name } });
  };

  return (
    <EditorForm
      page={page}
      editing={editing}
      submitting={isSubmitting}
      disabled={uploading}
      onSubmit={handleSubmit<Output>(onSubmit, lang.onInvalid)}
    >
      <NameAndDescription
        t={t}
        name="product"
        ns="rewardsAdmin.productForm"
        tabs={lang.tabs}
        form={{ register, watch, fieldError }}
        max={[120, 2000]}
        rows={4}
      />
      <NumberField {...field('price')} label={t('rewardsAdmin.productForm.price')} min={0} />
      <NumberField {...field('quantity')} label={t('rewardsAdmin.productForm.quantity')} min={editing ? 0 : 1} />
      <div className="sm:col-span-2">
        <TextField
          {...field('brand')}
          label={t('rewardsAdmin.productForm.brand')}
          hint={editing ? t('rewardsAdmin.productForm.brandHint') : t('rewardsAdmin.productForm.brandHintNew')}
          maxLength={64}
          placeholder={product?.brand ?? ''}
        />
      </div>
      <div className="sm:col-span-2">
        <ImageField {...image('image')} label={t('rewardsAdmin.productForm.image')} />
      </div>
    </EditorForm>
  );
}
