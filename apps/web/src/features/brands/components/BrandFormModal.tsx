import {
  ActionIcon,
  Avatar,
  Button,
  ColorInput,
  type ColorInputProps,
  FileButton,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type Brand, createBrandSchema } from '@risala/shared/schemas/brands';
import { IconPhoto, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, zodFieldErrors } from '../../../lib/forms.ts';
import { isApiError } from '../../../lib/http.ts';
import { translateMessage, languageOptions } from '../../../lib/i18n.ts';
import { useSingleFlight } from '../../../lib/single-flight.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { acceptFor, uploadProblem } from '../../../lib/upload-file.ts';
import { useSaveBrand } from '../api/save-brand.ts';
import { useUploadLogo } from '../api/upload-logo.ts';

interface Values {
  name: string;
  description: string;
  website: string;
  industry: string;
  voice_tone: string;
  default_language: 'en' | 'ar';
  colors: string[];
  logo_file_id: number | null;
  logo: string | null;
}

const FIELDS = ['name', 'description', 'website', 'industry', 'voice_tone', 'default_language', 'colors', 'logo_file_id'];
const MAX_COLORS = 10;

function initial(brand: Brand | null): Values {
  return {
    name: brand?.name ?? '',
    description: brand?.description ?? '',
    website: brand?.website ?? '',
    industry: brand?.industry ?? '',
    voice_tone: brand?.voice_tone ?? '',
    default_language: brand?.default_language ?? 'en',
    colors: brand?.colors ?? [],
    logo_file_id: brand?.logo_file_id ?? null,
    logo: brand?.logo ?? null,
  };
}

/**
 * A colour field whose picker Escape closes on its own: the picker's open state is kept here and
 * marked on the input, so the brand form (a Modal, which closes on Escape) leaves that key alone
 * while the picker is open. Before, Escape closed the whole form and lost what was typed.
 */
function ColorField(props: ColorInputProps & { 'data-testid'?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <ColorInput
      {...props}
      popoverProps={{ ...props.popoverProps, opened: open }}
      data-mantine-stop-propagation={open ? 'true' : undefined}
      data-picker-open={open}
      onFocus={(e) => {
        setOpen(true);
        props.onFocus?.(e);
      }}
      onClick={(e) => {
        setOpen(true);
        props.onClick?.(e);
      }}
      onBlur={(e) => {
        setOpen(false);
        props.onBlur?.(e);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) setOpen(false);
        props.onKeyDown?.(e);
      }}
    />
  );
}

/** Create or edit a brand: logo upload with preview, colour pickers, voice and language. */
export function BrandFormModal({ brand, opened, onClose }: { brand: Brand | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(() => initial(brand));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const save = useSaveBrand();
  const uploadLogo = useUploadLogo();
  const once = useSingleFlight();

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: '' } : e));
  };
  const text = (key: 'name' | 'description' | 'website' | 'industry' | 'voice_tone') => ({
    value: values[key],
    onChange: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value),
    error: translateMessage(errors[key]),
  });

  async function chooseLogo(file: File | null) {
    if (!file) return;
    const problem = uploadProblem(file, 'logo');
    if (problem) {
      setErrors((e) => ({ ...e, logo_file_id: t(problem === 'type' ? 'brands.form.logoType' : 'storage.tooBig') }));
      return;
    }
    try {
      const stored = await uploadLogo.mutateAsync(file);
      setValues((v) => ({ ...v, logo_file_id: stored.id, logo: stored.url }));
      setErrors((e) => ({ ...e, logo_file_id: '' }));
    } catch (err) {
      setErrors((e) => ({ ...e, logo_file_id: isApiError(err) ? err.message : t('common.loadFailed') }));
    }
  }

  // one save per click: a double-click sent two POSTs
  function submit(event: FormEvent) {
    event.preventDefault();
    once((done) => void saveBrand().finally(done));
  }

  async function saveBrand() {
    const parsed = createBrandSchema.safeParse({
      name: values.name,
      description: values.description || null,
      website: values.website,
      industry: values.industry || null,
      voice_tone: values.voice_tone || null,
      default_language: values.default_language,
      colors: values.colors,
      logo_file_id: values.logo_file_id,
    });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    try {
      await save.mutateAsync({ id: brand?.id, input: parsed.data });
      showSuccessToast(brand ? 'brands.toast.updated' : 'brands.toast.created');
      onClose();
    } catch (err) {
      if (!isApiError(err)) return setFormError(String(err));
      if (err.code === 'NAME_EXISTS') return setErrors({ name: t('brands.form.nameExists') });
      const split = apiFieldErrors(err, FIELDS);
      setErrors(split.fields);
      setFormError(split.form);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} size="lg" title={t(brand ? 'brands.form.editTitle' : 'brands.form.createTitle')}>
      <form onSubmit={submit} noValidate data-testid="brand-form">
        <Stack gap="sm">
          {formError && (
            <Text c="red" size="sm" role="alert" data-testid="brand-form-error">
              {formError}
            </Text>
          )}
          <Group gap="md" align="center" wrap="nowrap">
            <Avatar src={values.logo} size={72} radius="md" alt={t('brands.form.logoPreview')} data-testid="brand-logo-preview">
              <IconPhoto size={28} />
            </Avatar>
            <Stack gap={4}>
              <Group gap="xs">
                <FileButton onChange={chooseLogo} accept={acceptFor('logo')}>
                  {(props) => (
                    <Button variant="default" size="xs" loading={uploadLogo.isPending} data-testid="brand-logo-choose" {...props}>
                      {t(values.logo ? 'brands.form.logoReplace' : 'brands.form.logoChoose')}
                    </Button>
                  )}
                </FileButton>
                {values.logo && (
                  <Button
                    variant="light"
                    color="red"
                    size="xs"
                    onClick={() => setValues((v) => ({ ...v, logo: null, logo_file_id: null }))}
                  >
                    {t('brands.form.logoRemove')}
                  </Button>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {t('brands.form.logoHint')}
              </Text>
              {errors.logo_file_id && (
                <Text size="xs" c="red" role="alert" data-testid="brand-logo-error">
                  {translateMessage(errors.logo_file_id)}
                </Text>
              )}
            </Stack>
          </Group>
          <TextInput label={t('brands.fields.name')} required data-autofocus data-testid="brand-name" {...text('name')} />
          <Textarea
            label={t('brands.fields.description')}
            autosize
            minRows={2}
            maxRows={6}
            data-testid="brand-description"
            {...text('description')}
          />
          <Group grow align="flex-start">
            <TextInput
              label={t('brands.fields.website')}
              placeholder="https://"
              classNames={{ input: 'ltr-value' }}
              data-testid="brand-website"
              {...text('website')}
            />
            <TextInput label={t('brands.fields.industry')} data-testid="brand-industry" {...text('industry')} />
          </Group>
          <Textarea
            label={t('brands.fields.voice_tone')}
            description={t('brands.form.voiceHint')}
            autosize
            minRows={2}
            maxRows={6}
            data-testid="brand-voice"
            {...text('voice_tone')}
          />
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('brands.fields.default_language')}
            </Text>
            <SegmentedControl
              value={values.default_language}
              onChange={(value) => set('default_language', value === 'ar' ? 'ar' : 'en')}
              data={languageOptions()}
              data-testid="brand-language"
            />
          </div>
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('brands.fields.colors')}
            </Text>
            <Stack gap={6}>
              {values.colors.map((color, index) => (
                <Group key={index} gap="xs" wrap="nowrap">
                  <ColorField
                    value={color}
                    onChange={(next) =>
                      set(
                        'colors',
                        values.colors.map((c, i) => (i === index ? next : c)),
                      )
                    }
                    format="hex"
                    flex={1}
                    aria-label={t('brands.form.colorN', { n: index + 1 })}
                    classNames={{ input: 'ltr-value' }}
                    data-testid={`brand-color-${index}`}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('brands.form.colorRemove')}
                    onClick={() =>
                      set(
                        'colors',
                        values.colors.filter((_, i) => i !== index),
                      )
                    }
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
              {errors.colors && (
                <Text size="xs" c="red" role="alert">
                  {t('brands.form.colorInvalid')}
                </Text>
              )}
              {values.colors.length < MAX_COLORS && (
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => set('colors', [...values.colors, '#1F6FEB'])}
                  style={{ alignSelf: 'flex-start' }}
                  data-testid="brand-color-add"
                >
                  {t('brands.form.colorAdd')}
                </Button>
              )}
            </Stack>
          </div>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('brands.actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={uploadLogo.isPending} data-testid="brand-save">
              {t(brand ? 'brands.actions.save' : 'brands.actions.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
