import { campaignGeneratorRoutes as routes } from '@shared/function-routes/campaign-generator';
import { on } from '../lib/http/http-function';
import { readBusinessLanguages, saveBusinessLanguages } from './business-languages';
import { saveDraftPlan } from './campaign-drafts';
import { getDraft, listDrafts } from './drafts';
import { drafts, languageStore } from './route-deps';

export const draftsRoute = on(routes.campaignGeneratorDrafts, ({ user }) => listDrafts(drafts(), user.sub));
export const draftRoute = on(routes.campaignGeneratorDraft, ({ user, params }) =>
  getDraft(drafts(), user.sub, params.id),
);
export const saveDraftRoute = on(routes.campaignGeneratorSaveDraft, ({ user, params, body }) =>
  saveDraftPlan(drafts(), user.sub, params.id, body.plan, new Date()),
);
export const businessLanguagesRoute = on(routes.businessLanguages, ({ user }) =>
  readBusinessLanguages(languageStore(), user.sub),
);
export const saveBusinessLanguagesRoute = on(routes.saveBusinessLanguages, ({ user, body }) =>
  saveBusinessLanguages(languageStore(), user, body.languages, new Date()),
);
