/**
 * The pages' rich-text editor (TipTap with its starter kit: headings, paragraphs, lists, bold,
 * italic, underline, strike, quotes, links, undo). It edits HTML; the server sanitises what it
 * stores (apps/api/src/modules/cms/sanitize.ts), so the editor only needs to produce sensible
 * markup. Only the page editor's route imports this file, which keeps TipTap in that chunk.
 */
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export function RichTextEditor({
  initialHtml,
  onChange,
  label,
  lang,
}: {
  initialHtml: string;
  /** The editor's HTML, or '' when it holds no text (a translation left empty is "not translated"). */
  onChange: (html: string) => void;
  /** The accessible name of the editing area. */
  label: string;
  /** The language of the text being edited (a translation's), for spelling and screen readers. */
  lang?: string;
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' },
      }),
    ],
    content: initialHtml,
    // The console renders in the browser only, but the page is prerendered as a shell first.
    immediatelyRender: false,
    editorProps: {
      attributes: {
        'aria-label': label,
        ...(lang ? { lang } : {}),
        'aria-multiline': 'true',
        role: 'textbox',
        class:
          'min-h-72 rounded-b-lg border border-slate-300 bg-white px-4 py-3 text-slate-900 focus:outline-2 focus:outline-brand-700 ' +
          '[&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-3 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold ' +
          '[&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_a]:text-brand-700 [&_a]:underline ' +
          '[&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  return (
    <div>
      {editor ? (
        <Toolbar editor={editor} />
      ) : (
        <div className="h-12 rounded-t-lg border border-b-0 border-slate-300 bg-slate-50" />
      )}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bullets: current.isActive('bulletList'),
      numbers: current.isActive('orderedList'),
      quote: current.isActive('blockquote'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  function editLink() {
    const current = editor.getAttributes('link').href as string | undefined;
    const href = window.prompt(
      'Link address (https://… or mailto:…); leave empty to remove the link',
      current ?? 'https://',
    );
    if (href === null) return;
    if (href.trim() === '') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  }

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap gap-1 rounded-t-lg border border-b-0 border-slate-300 bg-slate-50 p-1"
    >
      <Tool label="Bold" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <b>B</b>
      </Tool>
      <Tool label="Italic" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <i>I</i>
      </Tool>
      <Tool label="Underline" active={state.underline} onClick={() => chain().toggleUnderline().run()}>
        <u>U</u>
      </Tool>
      <Tool label="H2 heading" active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        H2
      </Tool>
      <Tool label="H3 subheading" active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        H3
      </Tool>
      <Tool label="Bulleted list" active={state.bullets} onClick={() => chain().toggleBulletList().run()}>
        • List
      </Tool>
      <Tool
        label="1. List, numbered"
        active={state.numbers}
        onClick={() => chain().toggleOrderedList().run()}
      >
        1. List
      </Tool>
      <Tool label="Quote" active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
        “ ”
      </Tool>
      <Tool label="Link" active={state.link} onClick={editLink}>
        Link
      </Tool>
      <Tool label="Undo" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        ↶
      </Tool>
      <Tool label="Redo" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        ↷
      </Tool>
    </div>
  );
}

function Tool({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      // The name holds the button's visible text, so a voice command saying what is seen works
      // (WCAG 2.5.3 Label in Name).
      aria-label={label}
      title={label}
      // Toggle buttons say whether the format is on where the cursor is.
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onClick={onClick}
      className={clsx(
        'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 text-sm font-semibold text-brand-900 disabled:text-slate-400',
        active ? 'bg-brand-700 text-white' : 'hover:bg-brand-50',
      )}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
