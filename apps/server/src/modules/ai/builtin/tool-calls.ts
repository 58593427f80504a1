/** The built-in engine's calls through the tool box: every figure it shows comes through a tool, as a model's would. */
import type { ToolBox } from '../provider.ts';

export type Data = Record<string, any>;

export async function tool(tools: ToolBox, name: string, args: Data = {}): Promise<Data | null> {
  const out = await tools.run(name, args);
  return out.ok ? (out.data as Data) : null;
}

/** The tool's refusal (no permission, not found, a question the catalogue does not allow) said as it is. */
export async function toolOrReason(tools: ToolBox, name: string, args: Data = {}): Promise<{ data: Data | null; reason: string | null }> {
  const out = await tools.run(name, args);
  return out.ok ? { data: out.data as Data, reason: null } : { data: null, reason: String((out.data as Data).message ?? '') };
}
