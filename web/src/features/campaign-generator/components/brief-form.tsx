import { zodResolver } from '@hookform/resolvers/zod';
import { Wand2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { BRIEF_GOALS, briefGoalKeys, GOAL_STRUCTURE } from '@shared/campaign-rules';
import { COPY_PARTS, creativeStart, winsAmong } from '@shared/creative-winners';
import { WinnersHint } from '@web/components/meta-account/winners-hint';
import type { CampaignBrief } from '@shared/schemas/campaign-plan';
import type { AdAccount } from '@shared/schemas/meta';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { Spinner } from '@web/components/ui/spinner';
import { useBusinessLanguages } from '@web/lib/business-languages/business-languages';
import { useCreativeWinners } from '@web/lib/meta-account/creative-winners';
import { BriefFormSchema, defaultBrief, type BriefFormValues } from '../lib/brief-form';
import type { PickedImage } from '../lib/brief-images';
import type { BriefVideo } from '../lib/brief-video';
import { BriefFormat } from './brief-format';
import { BriefImages } from './brief-images';
import {
  BriefAudienceFields,
  BriefCopyLanguages,
  BriefLocationFields,
  SpecialAdCategoriesField,
} from './brief-targeting-fields';

const textareaClass =
  'w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive';

interface BriefFormProps {
  uid: string | undefined;
  accounts: AdAccount[];
  busy: boolean;
  onSubmit: (brief: CampaignBrief) => void;
  /**
   * Handed over by a link (the graphics editor's "Use in a campaign" or a video's "Use in an ad"): the account and
   * its images, or the video, preselected.
   */
  initial?: {
    adAccountId?: string | undefined;
    images: PickedImage[];
    video?: BriefVideo | null | undefined;
    /** A carousel design's cards: the carousel format, chosen. */
    carousel?: boolean | undefined;
  };
}

/** The business languages, which are the brief's copy languages until the marketer changes them here. */
function useBusinessCopyLanguages(form: UseFormReturn<BriefFormValues, unknown, CampaignBrief>): string[] | undefined {
  const business = useBusinessLanguages().data?.languages;
  useEffect(() => {
    if (business && !form.getFieldState('copyLanguages').isDirty) form.setValue('copyLanguages', business);
  }, [business, form]);
  return business;
}

/** What is advertised, the goal, budget, dates, where and for whom: the brief the plan is built from. */
export function CampaignBriefForm({ uid, accounts, busy, onSubmit, initial }: BriefFormProps) {
  const form = useForm<BriefFormValues, unknown, CampaignBrief>({
    resolver: zodResolver(BriefFormSchema),
    defaultValues: defaultBrief(
      initial?.adAccountId ?? accounts[0]?.id ?? '',
      new Date(),
      initial?.images,
      initial?.video ?? null,
      initial?.carousel ?? false,
    ),
  });
  const business = useBusinessCopyLanguages(form);
  const images = useWatch({ control: form.control, name: 'images' });
  const [adFormat, video, product, adCopy] = useWatch({
    control: form.control,
    name: ['adFormat', 'video', 'product', 'adCopy'],
  });
  const { errors } = form.formState;
  const accountId = useWatch({ control: form.control, name: 'adAccountId' });
  const account = accounts.find((candidate) => candidate.id === accountId);
  const goal = useWatch({ control: form.control, name: 'goal' });
  const found = useCreativeWinners(uid, accountId || undefined, goal ? GOAL_STRUCTURE[goal]?.objective : undefined);
  // The plan's copy acts on the winning angle and call to action: the hint names only those.
  const winners = winsAmong(found, COPY_PARTS) ? found : null;
  const [startFromWinners, setStartFromWinners] = useState(true);
  const submit = form.handleSubmit((brief) =>
    onSubmit(winners && startFromWinners ? { ...brief, startFrom: creativeStart(winners) } : brief),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Campaign brief" className="grid gap-4">
      <FormField label="Ad account" error={errors.adAccountId?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register('adAccountId')}>
            {accounts.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name} ({item.currency})
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label="What are you advertising?" error={errors.product?.message}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            className={textareaClass}
            placeholder="e.g. Lightweight trail running shoes"
            {...form.register('product')}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Goal" error={errors.goal?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('goal')}>
              {briefGoalKeys.map((goal) => (
                <option key={goal} value={goal}>
                  {BRIEF_GOALS[goal]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Landing page" error={errors.landingUrl?.message}>
          {(control) => <Input {...control} type="url" placeholder="https://" {...form.register('landingUrl')} />}
        </FormField>
      </div>
      {goal === 'app_promotion' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="App ID"
            error={errors.appId?.message}
            description="The number Meta shows for your app in the App Dashboard."
          >
            {(control) => <Input {...control} inputMode="numeric" {...form.register('appId')} />}
          </FormField>
          <FormField
            label="App store page"
            error={errors.appStoreUrl?.message}
            description="Its App Store or Google Play URL: the ads send people there."
          >
            {(control) => <Input {...control} type="url" placeholder="https://" {...form.register('appStoreUrl')} />}
          </FormField>
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Budget type" error={errors.budgetType?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('budgetType')}>
              <option value="daily">Daily budget</option>
              <option value="total">Total budget</option>
            </NativeSelect>
          )}
        </FormField>
        <FormField label={`Budget (${account?.currency ?? 'account currency'})`} error={errors.budgetAmount?.message}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              step={account?.currency === 'JPY' ? 1 : 0.01}
              {...form.register('budgetAmount')}
            />
          )}
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Start date" error={errors.startDate?.message}>
          {(control) => <Input {...control} type="date" {...form.register('startDate')} />}
        </FormField>
        <FormField
          label="End date"
          error={errors.endDate?.message}
          description="Optional with a daily budget (it runs until paused); needed for a total budget."
        >
          {(control) => <Input {...control} type="date" {...form.register('endDate')} />}
        </FormField>
      </div>
      <BriefLocationFields form={form} />
      <BriefAudienceFields form={form} />
      <BriefCopyLanguages form={form} business={business ?? []} />
      <SpecialAdCategoriesField form={form} />
      <FormField label="Ad copy to start from (optional)" error={errors.adCopy?.message}>
        {(control) => <textarea {...control} rows={2} className={textareaClass} {...form.register('adCopy')} />}
      </FormField>
      {winners ? <WinnersHint winners={winners} checked={startFromWinners} onChange={setStartFromWinners} /> : null}
      <BriefFormat
        uid={uid}
        format={adFormat}
        onFormat={(next) => form.setValue('adFormat', next, { shouldValidate: form.formState.isSubmitted })}
        video={video}
        onVideo={(next) => form.setValue('video', next, { shouldValidate: form.formState.isSubmitted })}
        words={`${product} ${adCopy}`}
        error={errors.video?.message}
      />
      <BriefImages
        uid={uid}
        adAccountId={accountId}
        images={images}
        error={errors.images?.message}
        onChange={(next) => form.setValue('images', next, { shouldValidate: form.formState.isSubmitted })}
      />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? <Spinner label="Planning" className="size-4" /> : <Wand2 aria-hidden="true" />}
        {busy ? 'Planning your campaign…' : 'Generate campaign plan'}
      </Button>
    </form>
  );
}
