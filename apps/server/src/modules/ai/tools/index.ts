/** Every tool the assistant has (the model's list and the built-in engine's): reads and drafts, nothing else. */
import { creditsTool, listBrandsTool, listTemplatesTool, searchHelpTool } from './account.ts';
import { audienceFacetsTool, countAudienceTool, findCustomersTool, listGroupsTool } from './audience.ts';
import { draftCampaignTool, draftTemplateTool } from './drafts.ts';
import { accountNamesTool } from './names.ts';
import { queryAccountTool } from './query.ts';
import { bestSendHourTool, campaignResultsTool, channelMetricsTool, failureReasonsTool, listCampaignsTool } from './metrics.ts';
import type { ToolDef } from './registry.ts';

export const TOOLS: readonly ToolDef[] = [
  queryAccountTool,
  accountNamesTool,
  listGroupsTool,
  countAudienceTool,
  audienceFacetsTool,
  findCustomersTool,
  listCampaignsTool,
  campaignResultsTool,
  channelMetricsTool,
  bestSendHourTool,
  failureReasonsTool,
  creditsTool,
  listTemplatesTool,
  listBrandsTool,
  searchHelpTool,
  draftTemplateTool,
  draftCampaignTool,
];

export { createToolBox, type ToolContext, type ToolDef } from './registry.ts';
