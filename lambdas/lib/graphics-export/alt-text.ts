import type OpenAI from 'openai';
import * as z from 'zod';
import type { Design } from '@shared/graphics/design-schema';
import { altTextProblem, designAltText, visibleTexts } from '@shared/graphics/alt-text';
import { templates } from '@shared/graphics/templates/template-registry';
import { altTextPrompt, type AltTextPromptInput } from '../ai/prompts/alt-text';
import { generateStructured, type ModelSettings } from '../ai/structured-generation';
import type { TokenUsage } from '../ai/token-usage';

/**
 * Alt text for the exported images: the AI engine writes it from the design's texts, template and image
 * descriptions; a reply that is not usable alt text (too long, empty, several lines, "Image of …") or a model that
 * fails gives way to a deterministic sentence made from the design's own words. Either way the export goes on.
 */
export const AltTextReplySchema = z.object({ altText: z.string() });

export interface AltTextDeps {
  openai: () => Promise<{ client: OpenAI; settings: ModelSettings }>;
  /** The model gets until then (epoch ms); the export does not wait longer for words. */
  deadline: number;
  log: (message: string, facts: Record<string, unknown>) => void;
  /** Tokens the alt text used, for the per-feature metric. */
  onUsage?: (usage: TokenUsage) => void;
}

export interface AltText {
  text: string;
  source: 'model' | 'design';
}

export function altTextInput(design: Design, imageDescriptions: string[]): AltTextPromptInput {
  return {
    layout: templates[design.templateId].label,
    texts: visibleTexts(design),
    images: imageDescriptions,
    colours: { background: design.colours.background, accent: design.colours.accent },
  };
}

export async function writeAltText(deps: AltTextDeps, design: Design, imageDescriptions: string[]): Promise<AltText> {
  const fallback = (reason: string): AltText => {
    deps.log('Alt text from the design (model not used)', { reason, prompt: altTextPrompt.version });
    return { text: designAltText(design), source: 'design' };
  };
  try {
    const { client, settings } = await deps.openai();
    const result = await generateStructured({
      client,
      // One retry at most: alt text must not hold an export past its deadline.
      settings: { ...settings, maxRetries: Math.min(settings.maxRetries, 1) },
      messages: altTextPrompt.build(altTextInput(design, imageDescriptions)),
      schemaName: 'alt_text',
      schema: AltTextReplySchema,
      deadline: deps.deadline,
    });
    deps.onUsage?.(result.usage);
    const problem = altTextProblem(result.value.altText);
    if (problem) return fallback(`the model's alt text is ${problem}`);
    return { text: result.value.altText.trim(), source: 'model' };
  } catch (error) {
    return fallback(error instanceof Error ? error.message : String(error));
  }
}
