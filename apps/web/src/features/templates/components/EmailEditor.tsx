import '@mantine/tiptap/styles.css';
import { Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { DEFAULT_LABELS, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import Underline from '@tiptap/extension-underline';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocxUpload } from './DocxUpload.tsx';
import { insertAtCursor } from './insert-at-cursor.ts';
import { VariableMenu } from './VariableMenu.tsx';

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

/**
 * The email body: a rich-text editor (Tiptap) or the HTML source, with variable insertion and
 * .docx import. The HTML string is the state; the server sanitises it on save.
 */
export function EmailEditor({ html, onChange, readOnly }: { html: string; onChange: (html: string) => void; readOnly?: boolean }) {
  const { t } = useTranslation();
  const labels = useEditorLabels();
  const [mode, setMode] = useState<Mode>('visual');
  const source = useRef<HTMLTextAreaElement>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, underline: false }),
      Link.configure({ openOnClick: false, protocols: ['mailto', 'tel'] }),
      Underline,
      Image.configure({ allowBase64: true }),
    ],
    content: html,
    editable: !readOnly,
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });

  const switchMode = (next: Mode) => {
    if (next === 'visual') editor?.commands.setContent(html);
    setMode(next);
  };

  const replaceAll = (next: string) => {
    onChange(next);
    editor?.commands.setContent(next);
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
          <DocxUpload onConverted={replaceAll} disabled={readOnly} />
        </Group>
      </Group>
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
          <RichTextEditor.Content mih={240} />
        </RichTextEditor>
      ) : (
        <>
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
    </Stack>
  );
}
