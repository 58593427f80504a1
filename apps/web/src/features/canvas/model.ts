/**
 * The canvas editor's document: a fixed-size artboard with layered elements, and an undoable
 * history. Pure functions only — the stage renders whatever `present` says.
 */
export type ElementKind = 'text' | 'rect' | 'circle' | 'image';

export interface CanvasElement {
  id: string;
  kind: ElementKind;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
  opacity: number;
  visible: boolean;
  fill: string;
  /** text only */
  text?: string;
  fontSize?: number;
  fontStyle?: 'normal' | 'bold' | 'italic';
  align?: 'left' | 'center' | 'right';
  direction?: 'ltr' | 'rtl';
  /** image only: a same-origin URL */
  src?: string;
}

export interface CanvasDoc {
  width: number;
  height: number;
  background: string;
  /** bottom → top */
  elements: CanvasElement[];
}

export const PRESETS = [
  { key: 'square', width: 1080, height: 1080 },
  { key: 'story', width: 1080, height: 1920 },
  { key: 'whatsapp', width: 1200, height: 628 },
  { key: 'emailHeader', width: 600, height: 200 },
] as const;
export type PresetKey = (typeof PRESETS)[number]['key'];

export function presetDoc(key: PresetKey): CanvasDoc {
  const p = PRESETS.find((x) => x.key === key) ?? PRESETS[0];
  return { width: p.width, height: p.height, background: '#ffffff', elements: [] };
}

/** Arabic, Hebrew and friends read right-to-left. */
export function textDirection(text: string): 'ltr' | 'rtl' {
  return /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.test(text) ? 'rtl' : 'ltr';
}

let seq = 0;
export const newId = () => `el_${Date.now().toString(36)}_${(seq++).toString(36)}`;

export function makeElement(kind: ElementKind, doc: CanvasDoc, props: Partial<CanvasElement> = {}): CanvasElement {
  const size = Math.round(Math.min(doc.width, doc.height) / 3);
  const base: CanvasElement = {
    id: newId(),
    kind,
    name: kind,
    x: Math.round((doc.width - size) / 2),
    y: Math.round((doc.height - size) / 2),
    width: size,
    height: kind === 'text' ? Math.round(size / 3) : size,
    rotation: 0,
    opacity: 1,
    visible: true,
    fill: kind === 'text' ? '#1a1b1e' : '#228be6',
  };
  if (kind === 'text') {
    const text = props.text ?? 'Text';
    Object.assign(base, {
      width: Math.round(doc.width * 0.8),
      x: Math.round(doc.width * 0.1),
      text,
      fontSize: Math.max(16, Math.round(Math.min(doc.width, doc.height) / 12)),
      fontStyle: 'bold',
      align: 'center',
      direction: textDirection(text),
    });
  }
  return { ...base, ...props, id: props.id ?? base.id };
}

export interface History {
  past: CanvasDoc[];
  present: CanvasDoc;
  future: CanvasDoc[];
}

export type Action =
  | { type: 'reset'; doc: CanvasDoc }
  | { type: 'resize'; width: number; height: number }
  | { type: 'background'; color: string }
  | { type: 'add'; element: CanvasElement }
  | { type: 'update'; id: string; changes: Partial<CanvasElement> }
  | { type: 'remove'; id: string }
  | { type: 'move'; id: string; direction: 'up' | 'down' | 'top' | 'bottom' }
  | { type: 'undo' }
  | { type: 'redo' };

const HISTORY_LIMIT = 100;

function apply(doc: CanvasDoc, action: Action): CanvasDoc {
  switch (action.type) {
    case 'reset':
      return action.doc;
    case 'resize': {
      // keep elements where they are relative to the artboard
      const sx = action.width / doc.width;
      const sy = action.height / doc.height;
      return {
        ...doc,
        width: action.width,
        height: action.height,
        elements: doc.elements.map((e) => ({ ...e, x: Math.round(e.x * sx), y: Math.round(e.y * sy) })),
      };
    }
    case 'background':
      return { ...doc, background: action.color };
    case 'add':
      return { ...doc, elements: [...doc.elements, action.element] };
    case 'update':
      return {
        ...doc,
        elements: doc.elements.map((e) => {
          if (e.id !== action.id) return e;
          const next = { ...e, ...action.changes };
          if (action.changes.text !== undefined && action.changes.direction === undefined) {
            next.direction = textDirection(action.changes.text);
          }
          return next;
        }),
      };
    case 'remove':
      return { ...doc, elements: doc.elements.filter((e) => e.id !== action.id) };
    case 'move': {
      const i = doc.elements.findIndex((e) => e.id === action.id);
      if (i < 0) return doc;
      const list = [...doc.elements];
      const [el] = list.splice(i, 1);
      const target =
        action.direction === 'up'
          ? Math.min(i + 1, list.length)
          : action.direction === 'down'
            ? Math.max(i - 1, 0)
            : action.direction === 'top'
              ? list.length
              : 0;
      list.splice(target, 0, el);
      return { ...doc, elements: list };
    }
    default:
      return doc;
  }
}

/** Every change goes through here: undo and redo walk the history; anything else records a step. */
export function historyReducer(state: History, action: Action): History {
  if (action.type === 'undo') {
    if (!state.past.length) return state;
    const previous = state.past[state.past.length - 1];
    return { past: state.past.slice(0, -1), present: previous, future: [state.present, ...state.future] };
  }
  if (action.type === 'redo') {
    if (!state.future.length) return state;
    const [next, ...rest] = state.future;
    return { past: [...state.past, state.present], present: next, future: rest };
  }
  const present = apply(state.present, action);
  if (present === state.present) return state;
  if (action.type === 'reset') return { past: [], present, future: [] };
  return { past: [...state.past, state.present].slice(-HISTORY_LIMIT), present, future: [] };
}

export const initialHistory = (doc: CanvasDoc = presetDoc('square')): History => ({
  past: [],
  present: doc,
  future: [],
});

/** The scale that fits the artboard inside a viewport, never above 1. */
export function fitScale(doc: CanvasDoc, viewport: { width: number; height: number }, padding = 32): number {
  const w = Math.max(1, viewport.width - padding * 2);
  const h = Math.max(1, viewport.height - padding * 2);
  return Math.min(1, w / doc.width, h / doc.height);
}
