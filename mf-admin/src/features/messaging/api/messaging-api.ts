import type { MessageResponse } from '@lender/shared/contract/common';
import type {
  LenderSettings,
  MessageCosts,
  MessageTemplatesResponse,
} from '@lender/shared/contract/messages';
import { apiRoutes } from '@lender/shared/contract/routes';
import type { MessageKind } from '@lender/shared/domain/message-templates';
import { adminApi } from '../../../api/admin-api';

export const messagingApi = adminApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET /api/message-templates: each kind's text (the lender's, or the default) and the placeholders. */
    getMessageTemplates: builder.query<MessageTemplatesResponse, void>({
      query: () => ({ url: apiRoutes.messages.templates }),
      providesTags: ['MessageTemplate'],
    }),
    /** PUT /api/message-templates/{kind} with {text}: 400 naming an unknown {placeholder}. */
    putMessageTemplate: builder.mutation<MessageResponse, { kind: MessageKind; text: string }>({
      query: ({ kind, text }) => ({ url: apiRoutes.messages.template(kind), method: 'PUT', body: { text } }),
      invalidatesTags: ['MessageTemplate'],
    }),
    /** GET /api/lender-settings: automatic lock, reminders and the paybill number. */
    getLenderSettings: builder.query<LenderSettings, void>({
      query: () => ({ url: apiRoutes.messages.settings }),
      providesTags: ['LenderSettings'],
    }),
    /** PUT /api/lender-settings with every setting. */
    putLenderSettings: builder.mutation<MessageResponse, LenderSettings>({
      query: (settings) => ({ url: apiRoutes.messages.settings, method: 'PUT', body: settings }),
      invalidatesTags: ['LenderSettings'],
    }),
    /** GET /api/messages/costs: messages, SMS parts and what they cost, per month. */
    getMessageCosts: builder.query<MessageCosts, void>({
      query: () => ({ url: apiRoutes.messages.costs }),
      providesTags: ['MessageCost'],
    }),
  }),
});

export const {
  useGetMessageTemplatesQuery,
  usePutMessageTemplateMutation,
  useGetLenderSettingsQuery,
  usePutLenderSettingsMutation,
  useGetMessageCostsQuery,
} = messagingApi;
