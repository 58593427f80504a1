import { Button, FileButton, Group, Image, Modal, MultiSelect, Select, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { CONTENT_TYPES, type ContentItem, type ContentType, createContentSchema } from '@risala/shared/schemas/content';
import type { StoredFile } from '@risala/shared/schemas/storage';
import { IconUpload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, zodFieldErrors } from '../../../lib/forms.ts';
import { isApiError } from '../../../lib/http.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { useSingleFlight } from '../../../lib/single-flight.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { acceptFor, contentUploadTarget, uploadProblem } from '../../../lib/upload-file.ts';
import { useBrandOptions } from '../../../lib/brand-options.ts';
import { useSaveContent } from '../api/save-content.ts';
import { useUploadContentFile } from '../api/upload-content-file.ts';
import { fieldsForType } from '../content-form.ts';

interface Values {
  title: string;
  type: ContentType;
  body: string;
  url: string;
  tags: string[];
  brand_ids: string[];
  file: Pick<StoredFile, 'id' | 'url' | 'kind' | 'original_name'> | null;
}

const FIELDS = ['title', 'type', 'body', 'url', 'tags', 'brand_ids', 'file_id'];

function initial(item: ContentItem | null): Values {
  return {
    title: item?.title ?? '',
    type: item?.type ?? 'text',
    body: item?.body ?? '',
    url: item?.url ?? '',
    tags: item?.tags ?? [],
    brand_ids: item?.brands.map((b) => String(b.id)) ?? [],
    file: item?.file ?? null,
  };
}

/** Create or edit a content item; a file is uploaded first and linked by its id. */
export function ContentFormModal({ item, onClose }: { item: ContentItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(() => initial(item));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const save = useSaveContent();
  const upload = useUploadContentFile();
  const brands = useBrandOptions();
  const show = fieldsForType(values.type);
  const once = useSingleFlight();
  const fileType = values.type === 'image' ? 'image' : 'document';
  // a file chosen for one type no longer fits after switching to the other (an image is no document)
  const fileMismatch = show.file && values.file !== null && ['jpg', 'png'].includes(values.file.kind) !== (values.type === 'image');
  const fileError = errors.file_id || (fileMismatch ? t(`content.form.${fileType}Type`) : '');

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '', ...(key === 'file' ? { file_id: '' } : {}) }));
  };

  async function chooseFile(file: File | null) {
    if (!file) return;
    const problem = uploadProblem(file, contentUploadTarget(fileType));
    if (problem) return setErrors((e) => ({ ...e, file_id: t(problem === 'type' ? `content.form.${fileType}Type` : 'storage.tooBig') }));
    try {
      set('file', await upload.mutateAsync(file));
    } catch (err) {
      setErrors((e) => ({ ...e, file_id: isApiError(err) ? err.message : t('common.loadFailed') }));
    }
  }

  // one save per click: a double-click created the item twice
  function submit(event: FormEvent) {
    event.preventDefault();
    if (fileMismatch) return;
    once((done) => void saveItem().finally(done));
  }

  async function saveItem() {
    const parsed = createContentSchema.safeParse({
      title: values.title,
      type: values.type,
      body: values.body || null,
      url: show.url ? values.url.trim() || null : null,
      file_id: show.file ? (values.file?.id ?? null) : null,
      tags: values.tags,
      brand_ids: values.brand_ids.map(Number),
    });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    try {
      await save.mutateAsync({ id: item?.id, input: parsed.data });
      showSuccessToast(item ? 'content.toast.updated' : 'content.toast.created');
      onClose();
    } catch (err) {
      if (!isApiError(err)) return setFormError(String(err));
      const split = apiFieldErrors(err, FIELDS);
      setErrors(split.fields);
      setFormError(split.form);
    }
  }

  return (
    <Modal opened onClose={onClose} size="lg" title={t(item ? 'content.form.editTitle' : 'content.form.createTitle')}>
      <form onSubmit={submit} noValidate data-testid="content-form">
        <Stack gap="sm">
          {formError && (
            <Text c="red" size="sm" role="alert" data-testid="content-form-error">
              {formError}
            </Text>
          )}
          <TextInput
            label={t('content.fields.title')}
            required
            data-autofocus
            value={values.title}
            onChange={(e) => set('title', e.currentTarget.value)}
            error={translateMessage(errors.title)}
            data-testid="content-title-input"
          />
          <Select
            label={t('content.fields.type')}
            data={CONTENT_TYPES.map((value) => ({ value, label: t(`content.types.${value}`) }))}
            value={values.type}
            onChange={(value) => value && set('type', value as ContentType)}
            allowDeselect={false}
            data-testid="content-type-input"
          />
          {show.file && (
            <Stack gap={6}>
              <Group gap="sm">
                <FileButton onChange={chooseFile} accept={acceptFor(contentUploadTarget(fileType))}>
                  {(props) => (
                    <Button
                      variant="default"
                      leftSection={<IconUpload size={16} />}
                      loading={upload.isPending}
                      data-testid="content-file-choose"
                      {...props}
                    >
                      {t(values.file ? 'content.form.fileReplace' : 'content.form.fileChoose')}
                    </Button>
                  )}
                </FileButton>
                {values.file && (
                  <Text size="sm" c="dimmed" data-testid="content-file-name">
                    {values.file.original_name ?? values.file.kind.toUpperCase()}
                  </Text>
                )}
              </Group>
              {values.file && ['jpg', 'png'].includes(values.file.kind) && (
                <Image
                  src={values.file.url}
                  alt={t('content.form.filePreview')}
                  h={140}
                  w="auto"
                  fit="contain"
                  radius="sm"
                  data-testid="content-file-preview"
                />
              )}
              <Text size="xs" c="dimmed" data-testid="content-file-hint">
                {t(values.type === 'image' ? 'content.form.imageHint' : 'content.form.documentHint')}
              </Text>
              {fileError && (
                <Text size="xs" c="red" role="alert" data-testid="content-file-error">
                  {translateMessage(fileError)}
                </Text>
              )}
            </Stack>
          )}
          {show.url && (
            <TextInput
              label={t('content.fields.url')}
              required
              placeholder="https://"
              classNames={{ input: 'ltr-value' }}
              value={values.url}
              onChange={(e) => set('url', e.currentTarget.value)}
              error={translateMessage(errors.url)}
              data-testid="content-url-input"
            />
          )}
          <Textarea
            label={t(values.type === 'text' ? 'content.fields.body' : 'content.fields.caption')}
            required={values.type === 'text'}
            autosize
            minRows={3}
            maxRows={10}
            value={values.body}
            onChange={(e) => set('body', e.currentTarget.value)}
            error={translateMessage(errors.body)}
            data-testid="content-body-input"
          />
          <TagsInput
            label={t('content.fields.tags')}
            description={t('content.form.tagsHint')}
            value={values.tags}
            onChange={(tags) => set('tags', tags)}
            maxTags={20}
            error={translateMessage(errors.tags)}
            data-testid="content-tags-input"
          />
          <MultiSelect
            label={t('content.fields.brands')}
            data={brands.data ?? []}
            value={values.brand_ids}
            onChange={(ids) => set('brand_ids', ids)}
            searchable
            nothingFoundMessage={t('content.form.noBrands')}
            error={translateMessage(errors.brand_ids)}
            data-testid="content-brands-input"
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('content.actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={upload.isPending} data-testid="content-save">
              {t(item ? 'content.actions.save' : 'content.actions.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
