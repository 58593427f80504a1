import type Konva from 'konva';
import { useEffect, useRef } from 'react';
import { Circle, Image as KonvaImage, Layer, Rect, Stage, Text, Transformer } from 'react-konva';
import type { CanvasDoc, CanvasElement } from '../model.ts';
import { useHtmlImage } from '../use-html-image.ts';

interface Props {
  doc: CanvasDoc;
  scale: number;
  selectedId: string | null;
  onSelect(id: string | null): void;
  onChange(id: string, changes: Partial<CanvasElement>): void;
  stageRef: React.RefObject<Konva.Stage | null>;
}

function ImageNode({ el, common }: { el: CanvasElement; common: Record<string, unknown> }) {
  const image = useHtmlImage(el.src);
  return <KonvaImage {...common} image={image ?? undefined} />;
}

function ElementNode({ el, onSelect, onChange }: { el: CanvasElement } & Pick<Props, 'onSelect' | 'onChange'>) {
  const common = {
    id: el.id,
    name: 'element',
    x: el.x,
    y: el.y,
    width: el.width,
    height: el.height,
    rotation: el.rotation,
    opacity: el.opacity,
    visible: el.visible,
    draggable: true,
    onMouseDown: () => onSelect(el.id),
    onTap: () => onSelect(el.id),
    onDragEnd: (e: Konva.KonvaEventObject<DragEvent>) => onChange(el.id, { x: Math.round(e.target.x()), y: Math.round(e.target.y()) }),
    onTransformEnd: (e: Konva.KonvaEventObject<Event>) => {
      const node = e.target;
      const changes: Partial<CanvasElement> = {
        x: Math.round(node.x()),
        y: Math.round(node.y()),
        rotation: Math.round(node.rotation()),
        width: Math.max(5, Math.round(node.width() * node.scaleX())),
        height: Math.max(5, Math.round(node.height() * node.scaleY())),
      };
      if (el.kind === 'text' && el.fontSize) {
        changes.fontSize = Math.max(8, Math.round(el.fontSize * node.scaleY()));
      }
      node.scaleX(1);
      node.scaleY(1);
      onChange(el.id, changes);
    },
  };
  switch (el.kind) {
    case 'text':
      return (
        <Text
          {...common}
          height={undefined}
          text={el.text ?? ''}
          fill={el.fill}
          fontSize={el.fontSize}
          fontStyle={el.fontStyle}
          fontFamily="Tahoma, Arial, 'Noto Sans Arabic', sans-serif"
          align={el.align}
          direction={el.direction}
          wrap="word"
        />
      );
    case 'rect':
      return <Rect {...common} fill={el.fill} cornerRadius={8} />;
    case 'circle':
      // a circle is positioned by its centre; keep the model's top-left box
      return (
        <Circle
          {...common}
          x={el.x + el.width / 2}
          y={el.y + el.height / 2}
          radius={Math.min(el.width, el.height) / 2}
          fill={el.fill}
          onDragEnd={(e) =>
            onChange(el.id, {
              x: Math.round(e.target.x() - el.width / 2),
              y: Math.round(e.target.y() - el.height / 2),
            })
          }
        />
      );
    case 'image':
      return <ImageNode el={el} common={common} />;
    default:
      return null;
  }
}

/** The artboard: elements bottom to top, a transformer on the selected one. */
export function CanvasStage({ doc, scale, selectedId, onSelect, onChange, stageRef }: Props) {
  const transformer = useRef<Konva.Transformer>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-attach when the document changes (nodes are re-created)
  useEffect(() => {
    const tr = transformer.current;
    const stage = stageRef.current;
    if (!tr || !stage) return;
    const node = selectedId ? stage.findOne(`#${selectedId}`) : null;
    tr.nodes(node ? [node] : []);
    tr.getLayer()?.batchDraw();
  }, [selectedId, doc, stageRef]);

  return (
    <Stage
      ref={stageRef}
      width={doc.width * scale}
      height={doc.height * scale}
      scaleX={scale}
      scaleY={scale}
      data-testid="canvas-stage"
      onMouseDown={(e) => {
        if (e.target === e.target.getStage() || e.target.name() === 'background') onSelect(null);
      }}
      style={{ boxShadow: '0 2px 12px rgba(0,0,0,.15)', background: '#fff' }}
    >
      <Layer>
        <Rect name="background" x={0} y={0} width={doc.width} height={doc.height} fill={doc.background} />
        {doc.elements.map((el) => (
          <ElementNode key={el.id} el={el} onSelect={onSelect} onChange={onChange} />
        ))}
        <Transformer ref={transformer} rotateEnabled keepRatio={false} name="transformer" />
      </Layer>
    </Stage>
  );
}
