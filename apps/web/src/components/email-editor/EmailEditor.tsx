import '@mantine/tiptap/styles.css';
import { Alert, CloseButton, Group, List, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { DEFAULT_LABELS, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import type { DocxConversion } from '@risala/shared/schemas/templates';
import { useEditor } from '@tiptap/react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../page/ConfirmModal.tsx';
import { isolate } from '../../lib/i18n.ts';
import { autoDirOfText } from '../../lib/text-direction.ts';
import { showSuccessToast } from '../../lib/toast.ts';
import { docxNote } from './docx-notes.ts';
import { DocxUpload } from './DocxUpload.tsx';
import classes from './EmailEditor.module.css';
import { EMAIL_EXTENSIONS, finishEditorHtml, hasContent, visualLoss } from './email-html.ts';
import { insertAtCursor } from './insert-at-cursor.ts';
import { VariableMenu } from '../variables/VariableMenu.tsx';

/** The toolbar's tooltips and the link editor in the interface language (Mantine's are English). */
function useEditorLabels(): RichTextEditorLabels {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  return useMemo(() => {
    const k = (name: string) => t(`templates.editor.toolbar.${name}`);
    return {
      ...DEFAULT_LABELS,
      boldControlLabel: k('bold'),
      italicControlLabel: k('italic'),
      underlineControlLabel: k('underline'),
      strikeControlLabel: k('strike'),
      clearFormattingControlLabel: k('clearFormatting'),
      h1ControlLabel: k('h1'),
      h2ControlLabel: k('h2'),
      h3ControlLabel: k('h3'),
      bulletListControlLabel: k('bulletList'),
      orderedListControlLabel: k('orderedList'),
      blockquoteControlLabel: k('blockquote'),
      hrControlLabel: k('hr'),
      linkControlLabel: k('link'),
      unlinkControlLabel: k('unlink'),
      undoControlLabel: k('undo'),
      redoControlLabel: k('redo'),
      linkEditorInputLabel: k('linkUrl'),
      linkEditorExternalLink: k('linkExternal'),
      linkEditorInternalLink: k('linkInternal'),
      linkEditorSave: k('linkSave'),
    };
  }, [t, i18n.language]);
}

type Mode = 'visual' | 'source';
interface Imported extends DocxConversion {
  file: string;
}

/**
 * The email body: a rich-text editor (Tiptap) or the HTML source, with variable insertion and
 * .docx import. The HTML string is the state; the server sanitises it on save. The visual editor
 * keeps tables, wrappers, styles and dir attributes (email-html.ts); HTML it still cannot keep
 * opens as source, and switching to Visual then asks first.
 */
export function EmailEditor({ html, onChange, readOnly }: { html: string; onChange: (html: string) => void; readOnly?: boolean }) {
  const { t, i18n } = useTranslation();
  const labels = useEditorLabels();
  const [mode, setMode] = useState<Mode>(() => (visualLoss(html) ? 'source' : 'visual'));
  const [sourceOnly, setSourceOnly] = useState(mode === 'source');
  const [confirmSimplify, setConfirmSimplify] = useState(false);
  const [pendingImport, setPendingImport] = useState<Imported | null>(null);
  const [notes, setNotes] = useState<Imported | null>(null);
  const source = useRef<HTMLTextAreaElement>(null);
  const editor = useEditor({
    extensions: EMAIL_EXTENSIONS,
    content: html,
    editable: !readOnly,
    // the content's direction follows its text (an Arabic email is right-to-left while typing)
    // named for screen readers by the visible "Email body" above it (i18n.t: the current language)
    editorProps: {
      attributes: (state) => ({ ...autoDirOfText(state.doc.textContent), 'aria-label': i18n.t('templates.editor.body') }),
    },
    onUpdate: ({ editor: e }) => onChange(finishEditorHtml(e.getHTML())),
  });

  const toVisual = (simplify: boolean) => {
    editor?.commands.setContent(html, { emitUpdate: false });
    // the user agreed to what the visual editor keeps: that is the body from now on
    if (simplify && editor) onChange(finishEditorHtml(editor.getHTML()));
    setSourceOnly(false);
    setMode('visual');
  };

  const switchMode = (next: Mode) => {
    if (next === mode) return;
    if (next === 'source') return setMode('source');
    if (visualLoss(html)) return setConfirmSimplify(true);
    toVisual(false);
  };

  const applyImport = (result: Imported) => {
    onChange(result.html);
    editor?.commands.setContent(result.html, { emitUpdate: false });
    const lossy = visualLoss(result.html);
    setSourceOnly(lossy);
    if (lossy) setMode('source');
    setNotes(result.messages.length > 0 ? result : null);
    if (result.messages.length > 0) showSuccessToast('templates.docx.doneWithNotes', { count: result.messages.length });
    else showSuccessToast('templates.docx.done');
  };

  const onConverted = (result: DocxConversion, file: string) => {
    const imported = { ...result, file };
    if (hasContent(html)) setPendingImport(imported);
    else applyImport(imported);
  };

  const insert = (placeholder: string) => {
    if (mode === 'visual') editor?.chain().focus().insertContent(placeholder).run();
    else onChange(insertAtCursor(source.current, html, placeholder));
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <SegmentedControl
          size="xs"
          value={mode}
          onChange={(v) => switchMode(v as Mode)}
          data={[
            { value: 'visual', label: t('templates.editor.visual') },
            { value: 'source', label: t('templates.editor.source') },
          ]}
          data-testid="email-mode"
        />
        <Group gap="xs">
          <VariableMenu onInsert={insert} disabled={readOnly} />
          <DocxUpload onConverted={onConverted} disabled={readOnly} />
        </Group>
      </Group>
      {notes && (
        <Alert color="yellow" variant="light" p="xs" data-testid="docx-notes">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {t('templates.docx.notesTitle', { file: isolate(notes.file) })}
              </Text>
              <List size="sm">
                {notes.messages.map((m, i) => {
                  const note = docxNote(m.message);
                  const params = Object.fromEntries(Object.entries(note.params).map(([k, v]) => [k, isolate(v)]));
                  return (
                    <List.Item key={i} data-testid="docx-note">
                      {t(note.key, params)}
                    </List.Item>
                  );
                })}
              </List>
            </Stack>
            <CloseButton size="sm" aria-label={t('templates.docx.notes.close')} onClick={() => setNotes(null)} />
          </Group>
        </Alert>
      )}
      {mode === 'visual' ? (
        <RichTextEditor editor={editor} labels={labels} data-testid="email-editor">
          <RichTextEditor.Toolbar sticky stickyOffset={0}>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
              <RichTextEditor.ClearFormatting />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H1 />
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.Blockquote />
              <RichTextEditor.Hr />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Undo />
              <RichTextEditor.Redo />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
          <RichTextEditor.Content mih={240} className={classes.content} />
        </RichTextEditor>
      ) : (
        <>
          {sourceOnly && (
            <Alert color="blue" variant="light" p="xs" data-testid="email-source-only">
              {t('templates.editor.sourceOnly')}
            </Alert>
          )}
          <Textarea
            ref={source}
            dir="ltr"
            autosize
            minRows={12}
            maxRows={30}
            value={html}
            onChange={(e) => onChange(e.currentTarget.value)}
            readOnly={readOnly}
            styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }}
            aria-label={t('templates.editor.source')}
            data-testid="email-html-source"
          />
          <Text size="xs" c="dimmed">
            {t('templates.editor.sourceNote')}
          </Text>
        </>
      )}
      <ConfirmModal
        opened={confirmSimplify}
        title={t('templates.editor.simplifyTitle')}
        cancelLabel={t('templates.editor.stayInSource')}
        confirmLabel={t('templates.editor.simplifyConfirm')}
        color="orange"
        onCancel={() => setConfirmSimplify(false)}
        onConfirm={() => {
          setConfirmSimplify(false);
          toVisual(true);
        }}
        testId="email-simplify"
      >
        <Text size="sm">{t('templates.editor.simplifyBody')}</Text>
      </ConfirmModal>
      <ConfirmModal
        opened={pendingImport !== null}
        title={t('templates.docx.replaceTitle')}
        cancelLabel={t('templates.common.cancel')}
        confirmLabel={t('templates.docx.replace')}
        onCancel={() => setPendingImport(null)}
        onConfirm={() => {
          if (pendingImport) applyImport(pendingImport);
          setPendingImport(null);
        }}
        testId="docx-replace"
      >
        <Text size="sm">{t('templates.docx.replaceBody', { file: isolate(pendingImport?.file ?? '') })}</Text>
      </ConfirmModal>
    </Stack>
  );
}
