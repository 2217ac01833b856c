/*
 * Examples copied verbatim from /work/shared/reference/openrouter-openapi.yaml (component and
 * operation examples) for the operations Gatehouse uses, grouped by the schema that must read them.
 * Kept verbatim so a test failure means our reader disagrees with the real gateway's own samples.
 */

export const REFERENCE_EXAMPLES = {
  "chatRequest": [
    {
      "max_tokens": 150,
      "messages": [
        {
          "content": "You are a helpful assistant.",
          "role": "system"
        },
        {
          "content": "What is the capital of France?",
          "role": "user"
        }
      ],
      "model": "openai/gpt-4",
      "temperature": 0.7
    },
    {
      "messages": [
        {
          "content": "You are a helpful assistant.",
          "role": "system"
        },
        {
          "content": "Hello!",
          "role": "user"
        }
      ],
      "model": "openai/gpt-5.4",
      "temperature": 0.7
    }
  ],
  "message": [
    {
      "content": "What is the capital of France?",
      "role": "user"
    },
    {
      "content": "You are a helpful assistant.",
      "name": "Assistant Config",
      "role": "system"
    },
    {
      "content": "What is the capital of France?",
      "role": "user"
    },
    {
      "content": "This is a message from the developer.",
      "role": "developer"
    },
    {
      "content": "The capital of France is Paris.",
      "model": "openai/gpt-4o",
      "role": "assistant"
    },
    {
      "content": "The weather in San Francisco is 72°F and sunny.",
      "role": "tool",
      "tool_call_id": "call_abc123"
    }
  ],
  "contentPart": [
    {
      "text": "Hello, world!",
      "type": "text"
    },
    {
      "text": "Hello, world!",
      "type": "text"
    },
    {
      "file": {
        "file_data": "https://example.com/document.pdf",
        "filename": "document.pdf"
      },
      "type": "file"
    },
    {
      "image_url": {
        "detail": "auto",
        "url": "https://example.com/image.jpg"
      },
      "type": "image_url"
    },
    {
      "input_audio": {
        "data": "SGVsbG8gV29ybGQ=",
        "format": "wav"
      },
      "type": "input_audio"
    },
    {
      "type": "input_video",
      "video_url": {
        "url": "https://example.com/video.mp4"
      }
    },
    {
      "type": "video_url",
      "video_url": {
        "url": "https://example.com/video.mp4"
      }
    }
  ],
  "plugin": [
    {
      "allowed_models": [
        "anthropic/*",
        "openai/*"
      ],
      "cost_tier": "low",
      "enabled": true,
      "excluded_models": [
        "openai/gpt-4o"
      ],
      "id": "auto-router",
      "pin_model": false
    },
    {
      "allowed_models": [
        "anthropic/*",
        "openai/*"
      ],
      "cost_tier": "low",
      "enabled": true,
      "excluded_models": [
        "openai/gpt-4o"
      ],
      "id": "auto-beta-router"
    },
    {
      "id": "moderation"
    },
    {
      "enabled": true,
      "id": "web",
      "max_results": 5
    },
    {
      "id": "web-fetch",
      "max_uses": 10
    },
    {
      "enabled": true,
      "id": "file-parser",
      "pdf": {
        "engine": "cloudflare-ai"
      }
    },
    {
      "enabled": true,
      "id": "response-healing"
    },
    {
      "enabled": true,
      "engine": "middle-out",
      "id": "context-compression"
    },
    {
      "enabled": true,
      "id": "pareto-router",
      "max_price": 5,
      "price_source": "prompt"
    },
    {
      "analysis_models": [
        "~anthropic/claude-opus-latest",
        "~openai/gpt-latest",
        "~google/gemini-pro-latest"
      ],
      "enabled": true,
      "id": "fusion",
      "model": "~anthropic/claude-opus-latest"
    }
  ],
  "tool": [
    {
      "function": {
        "description": "Get the current weather for a location",
        "name": "get_weather",
        "parameters": {
          "properties": {
            "location": {
              "description": "City name",
              "type": "string"
            },
            "unit": {
              "enum": [
                "celsius",
                "fahrenheit"
              ],
              "type": "string"
            }
          },
          "required": [
            "location"
          ],
          "type": "object"
        }
      },
      "type": "function"
    },
    {
      "parameters": {
        "model": "~anthropic/claude-opus-latest",
        "name": "reviewer"
      },
      "type": "openrouter:advisor"
    },
    {
      "parameters": {
        "environment": {
          "type": "container_auto"
        }
      },
      "type": "openrouter:bash"
    },
    {
      "parameters": {
        "timezone": "America/New_York"
      },
      "type": "openrouter:datetime"
    },
    {
      "parameters": {},
      "type": "openrouter:files"
    },
    {
      "parameters": {
        "analysis_models": [
          "~anthropic/claude-opus-latest",
          "~openai/gpt-latest"
        ]
      },
      "type": "openrouter:fusion"
    },
    {
      "parameters": {
        "model": "openai/gpt-5-image",
        "quality": "high",
        "size": "1024x1024"
      },
      "type": "openrouter:image_generation"
    },
    {
      "parameters": {
        "max_results": 5
      },
      "type": "openrouter:experimental__search_models"
    },
    {
      "parameters": {
        "model": "~anthropic/claude-haiku-latest"
      },
      "type": "openrouter:subagent"
    },
    {
      "parameters": {
        "max_uses": 10
      },
      "type": "openrouter:web_fetch"
    },
    {
      "parameters": {
        "max_results": 5
      },
      "type": "openrouter:web_search"
    },
    {
      "type": "web_search_preview"
    },
    {
      "function": {
        "description": "Get weather",
        "name": "get_weather"
      },
      "type": "function"
    }
  ],
  "toolChoice": [
    "auto",
    {
      "function": {
        "name": "get_weather"
      },
      "type": "function"
    },
    {
      "type": "openrouter:web_search"
    }
  ],
  "responseFormat": [
    {
      "type": "text"
    },
    {
      "type": "json_object"
    },
    {
      "json_schema": {
        "name": "math_response",
        "schema": {
          "properties": {
            "answer": {
              "type": "number"
            }
          },
          "required": [
            "answer"
          ],
          "type": "object"
        }
      },
      "type": "json_schema"
    },
    {
      "grammar": "root ::= \"yes\" | \"no\"",
      "type": "grammar"
    },
    {
      "type": "python"
    }
  ],
  "prediction": [
    {
      "content": "Expected response",
      "type": "content"
    }
  ],
  "promptCacheOptions": [
    {
      "mode": "explicit",
      "ttl": "30m"
    }
  ],
  "cacheControl": [
    {
      "type": "ephemeral"
    },
    {
      "ttl": "5m",
      "type": "ephemeral"
    }
  ],
  "providerPreferences": [
    {
      "allow_fallbacks": true
    }
  ],
  "stopCondition": [
    {
      "step_count": 5,
      "type": "step_count_is"
    },
    {
      "max_cost_in_dollars": 0.5,
      "type": "max_cost"
    },
    {
      "step_count": 5,
      "type": "step_count_is"
    },
    {
      "reason": "length",
      "type": "finish_reason_is"
    },
    {
      "tool_name": "finalize",
      "type": "has_tool_call"
    },
    {
      "max_cost_in_dollars": 0.5,
      "type": "max_cost"
    },
    {
      "max_tokens": 10000,
      "type": "max_tokens_used"
    },
    {
      "step_count": 5,
      "type": "step_count_is"
    }
  ],
  "reasoning": [
    {
      "effort": "medium",
      "summary": "concise"
    }
  ],
  "metadata": [
    {
      "session_id": "session-456",
      "user_id": "user-123"
    }
  ],
  "presetEnvelope": [
    {
      "data": {
        "created_at": "2026-04-20T10:00:00Z",
        "creator_user_id": "user_2dHFtVWx2n56w6HkM0000000000",
        "description": null,
        "designated_version": {
          "config": {
            "model": "openai/gpt-4o",
            "temperature": 0.7
          },
          "created_at": "2026-04-20T10:00:00Z",
          "creator_id": "user_2dHFtVWx2n56w6HkM0000000000",
          "id": "550e8400-e29b-41d4-a716-446655440000",
          "preset_id": "650e8400-e29b-41d4-a716-446655440001",
          "system_prompt": "You are a helpful assistant.",
          "updated_at": "2026-04-20T10:00:00Z",
          "version": 1
        },
        "designated_version_id": "550e8400-e29b-41d4-a716-446655440000",
        "id": "650e8400-e29b-41d4-a716-446655440001",
        "name": "my-preset",
        "slug": "my-preset",
        "status": "active",
        "status_updated_at": null,
        "updated_at": "2026-04-20T10:00:00Z",
        "workspace_id": "750e8400-e29b-41d4-a716-446655440002"
      }
    },
    {
      "data": {
        "created_at": "2026-04-20T10:00:00Z",
        "creator_user_id": "user_2dHFtVWx2n56w6HkM0000000000",
        "description": null,
        "designated_version": {
          "config": {
            "model": "openai/gpt-4o",
            "temperature": 0.7
          },
          "created_at": "2026-04-20T10:00:00Z",
          "creator_id": "user_2dHFtVWx2n56w6HkM0000000000",
          "id": "550e8400-e29b-41d4-a716-446655440000",
          "preset_id": "650e8400-e29b-41d4-a716-446655440001",
          "system_prompt": "You are a helpful assistant.",
          "updated_at": "2026-04-20T10:00:00Z",
          "version": 1
        },
        "designated_version_id": "550e8400-e29b-41d4-a716-446655440000",
        "id": "650e8400-e29b-41d4-a716-446655440001",
        "name": "my-preset",
        "slug": "my-preset",
        "status": "active",
        "status_updated_at": null,
        "updated_at": "2026-04-20T10:00:00Z",
        "workspace_id": "750e8400-e29b-41d4-a716-446655440002"
      }
    },
    {
      "data": {
        "created_at": "2026-04-20T10:00:00Z",
        "creator_user_id": "user_2dHFtVWx2n56w6HkM0000000000",
        "description": null,
        "designated_version": {
          "config": {
            "model": "openai/gpt-4o",
            "temperature": 0.7
          },
          "created_at": "2026-04-20T10:00:00Z",
          "creator_id": "user_2dHFtVWx2n56w6HkM0000000000",
          "id": "550e8400-e29b-41d4-a716-446655440000",
          "preset_id": "650e8400-e29b-41d4-a716-446655440001",
          "system_prompt": "You are a helpful assistant.",
          "updated_at": "2026-04-20T10:00:00Z",
          "version": 1
        },
        "designated_version_id": "550e8400-e29b-41d4-a716-446655440000",
        "id": "650e8400-e29b-41d4-a716-446655440001",
        "name": "my-preset",
        "slug": "my-preset",
        "status": "active",
        "status_updated_at": null,
        "updated_at": "2026-04-20T10:00:00Z",
        "workspace_id": "750e8400-e29b-41d4-a716-446655440002"
      }
    },
    {
      "data": {
        "created_at": "2026-04-20T10:00:00Z",
        "creator_user_id": "user_2dHFtVWx2n56w6HkM0000000000",
        "description": null,
        "designated_version": {
          "config": {
            "model": "openai/gpt-5.4",
            "temperature": 0.7
          },
          "created_at": "2026-04-20T10:00:00Z",
          "creator_id": "user_2dHFtVWx2n56w6HkM0000000000",
          "id": "550e8400-e29b-41d4-a716-446655440000",
          "preset_id": "650e8400-e29b-41d4-a716-446655440001",
          "system_prompt": "You are a helpful assistant.",
          "updated_at": "2026-04-20T10:00:00Z",
          "version": 1
        },
        "designated_version_id": "550e8400-e29b-41d4-a716-446655440000",
        "id": "650e8400-e29b-41d4-a716-446655440001",
        "name": "my-preset",
        "slug": "my-preset",
        "status": "active",
        "status_updated_at": null,
        "updated_at": "2026-04-20T10:00:00Z",
        "workspace_id": "750e8400-e29b-41d4-a716-446655440002"
      }
    }
  ],
  "preset": [
    {
      "created_at": "2026-04-20T10:00:00Z",
      "creator_user_id": "user_2dHFtVWx2n56w6HkM0000000000",
      "description": null,
      "designated_version_id": "550e8400-e29b-41d4-a716-446655440000",
      "id": "650e8400-e29b-41d4-a716-446655440001",
      "name": "my-preset",
      "slug": "my-preset",
      "status": "active",
      "status_updated_at": null,
      "updated_at": "2026-04-20T10:00:00Z",
      "workspace_id": "750e8400-e29b-41d4-a716-446655440002"
    }
  ],
  "presetVersion": [
    {
      "config": {
        "model": "openai/gpt-4o",
        "temperature": 0.7
      },
      "created_at": "2026-04-20T10:00:00Z",
      "creator_id": "user_2dHFtVWx2n56w6HkM0000000000",
      "id": "550e8400-e29b-41d4-a716-446655440000",
      "preset_id": "650e8400-e29b-41d4-a716-446655440001",
      "system_prompt": "You are a helpful assistant.",
      "updated_at": "2026-04-20T10:00:00Z",
      "version": 1
    }
  ],
  "presetWithDesignatedVersion": [
    {
      "created_at": "2026-04-20T10:00:00Z",
      "creator_user_id": "user_2dHFtVWx2n56w6HkM0000000000",
      "description": null,
      "designated_version": {
        "config": {
          "model": "openai/gpt-4o",
          "temperature": 0.7
        },
        "created_at": "2026-04-20T10:00:00Z",
        "creator_id": "user_2dHFtVWx2n56w6HkM0000000000",
        "id": "550e8400-e29b-41d4-a716-446655440000",
        "preset_id": "650e8400-e29b-41d4-a716-446655440001",
        "system_prompt": "You are a helpful assistant.",
        "updated_at": "2026-04-20T10:00:00Z",
        "version": 1
      },
      "designated_version_id": "550e8400-e29b-41d4-a716-446655440000",
      "id": "650e8400-e29b-41d4-a716-446655440001",
      "name": "my-preset",
      "slug": "my-preset",
      "status": "active",
      "status_updated_at": null,
      "updated_at": "2026-04-20T10:00:00Z",
      "workspace_id": "750e8400-e29b-41d4-a716-446655440002"
    }
  ],
  "presetList": [
    {
      "data": [
        {
          "created_at": "2026-04-20T10:00:00Z",
          "creator_user_id": "user_2dHFtVWx2n56w6HkM0000000000",
          "description": null,
          "designated_version_id": "550e8400-e29b-41d4-a716-446655440000",
          "id": "650e8400-e29b-41d4-a716-446655440001",
          "name": "my-preset",
          "slug": "my-preset",
          "status": "active",
          "status_updated_at": null,
          "updated_at": "2026-04-20T10:00:00Z",
          "workspace_id": "750e8400-e29b-41d4-a716-446655440002"
        }
      ],
      "total_count": 1
    },
    {
      "data": [
        {
          "created_at": "2026-04-20T10:00:00Z",
          "creator_user_id": "user_2dHFtVWx2n56w6HkM0000000000",
          "description": null,
          "designated_version_id": "550e8400-e29b-41d4-a716-446655440000",
          "id": "650e8400-e29b-41d4-a716-446655440001",
          "name": "my-preset",
          "slug": "my-preset",
          "status": "active",
          "status_updated_at": null,
          "updated_at": "2026-04-20T10:00:00Z",
          "workspace_id": "750e8400-e29b-41d4-a716-446655440002"
        }
      ],
      "total_count": 1
    }
  ],
  "presetVersionList": [
    {
      "data": [
        {
          "config": {
            "model": "openai/gpt-4o",
            "temperature": 0.7
          },
          "created_at": "2026-04-20T10:00:00Z",
          "creator_id": "user_2dHFtVWx2n56w6HkM0000000000",
          "id": "550e8400-e29b-41d4-a716-446655440000",
          "preset_id": "650e8400-e29b-41d4-a716-446655440001",
          "system_prompt": "You are a helpful assistant.",
          "updated_at": "2026-04-20T10:00:00Z",
          "version": 1
        }
      ],
      "total_count": 1
    },
    {
      "data": [
        {
          "config": {
            "model": "openai/gpt-4o",
            "temperature": 0.7
          },
          "created_at": "2026-04-20T10:00:00Z",
          "creator_id": "user_2dHFtVWx2n56w6HkM0000000000",
          "id": "550e8400-e29b-41d4-a716-446655440000",
          "preset_id": "650e8400-e29b-41d4-a716-446655440001",
          "system_prompt": "You are a helpful assistant.",
          "updated_at": "2026-04-20T10:00:00Z",
          "version": 1
        }
      ],
      "total_count": 1
    }
  ],
  "presetVersionEnvelope": [
    {
      "data": {
        "config": {
          "model": "openai/gpt-4o",
          "temperature": 0.7
        },
        "created_at": "2026-04-20T10:00:00Z",
        "creator_id": "user_2dHFtVWx2n56w6HkM0000000000",
        "id": "550e8400-e29b-41d4-a716-446655440000",
        "preset_id": "650e8400-e29b-41d4-a716-446655440001",
        "system_prompt": "You are a helpful assistant.",
        "updated_at": "2026-04-20T10:00:00Z",
        "version": 1
      }
    },
    {
      "data": {
        "config": {
          "model": "openai/gpt-4o",
          "temperature": 0.7
        },
        "created_at": "2026-04-20T10:00:00Z",
        "creator_id": "user_2dHFtVWx2n56w6HkM0000000000",
        "id": "550e8400-e29b-41d4-a716-446655440000",
        "preset_id": "650e8400-e29b-41d4-a716-446655440001",
        "system_prompt": "You are a helpful assistant.",
        "updated_at": "2026-04-20T10:00:00Z",
        "version": 1
      }
    }
  ],
  "fileList": [
    {
      "_shape": "openrouter",
      "cursor": null,
      "data": [],
      "first_id": null,
      "has_more": false,
      "last_id": null
    },
    {
      "_shape": "openrouter",
      "cursor": null,
      "data": [],
      "first_id": null,
      "has_more": false,
      "last_id": null
    },
    {
      "cursor": null,
      "data": [
        {
          "created_at": "2025-01-01T00:00:00Z",
          "downloadable": false,
          "filename": "document.pdf",
          "id": "or_file_011CNha8iCJcU1wXNR6q4V8w",
          "mime_type": "application/pdf",
          "size_bytes": 1024000,
          "type": "file"
        }
      ],
      "first_id": "or_file_011CNha8iCJcU1wXNR6q4V8w",
      "has_more": false,
      "last_id": "or_file_011CNha8iCJcU1wXNR6q4V8w"
    }
  ],
  "file": [
    {
      "_shape": "openrouter",
      "created_at": "2025-01-01T00:00:00Z",
      "downloadable": false,
      "filename": "document.pdf",
      "id": "or_file_011CNha8iCJcU1wXNR6q4V8w",
      "mime_type": "application/pdf",
      "size_bytes": 1024000,
      "type": "file"
    },
    {
      "_shape": "openrouter",
      "created_at": "2025-01-01T00:00:00Z",
      "downloadable": false,
      "filename": "document.pdf",
      "id": "or_file_011CNha8iCJcU1wXNR6q4V8w",
      "mime_type": "application/pdf",
      "size_bytes": 1024000,
      "type": "file"
    },
    {
      "_shape": "anthropic",
      "created_at": "2025-01-01T00:00:00Z",
      "downloadable": false,
      "filename": "document.pdf",
      "id": "or_file_011CNha8iCJcU1wXNR6q4V8w",
      "mime_type": "application/pdf",
      "size_bytes": 1024000,
      "type": "file"
    },
    {
      "created_at": "2025-01-01T00:00:00Z",
      "downloadable": false,
      "filename": "document.pdf",
      "id": "or_file_011CNha8iCJcU1wXNR6q4V8w",
      "mime_type": "application/pdf",
      "size_bytes": 1024000,
      "type": "file"
    },
    {
      "created_at": "2025-01-01T00:00:00Z",
      "downloadable": false,
      "filename": "document.pdf",
      "id": "or_file_011CNha8iCJcU1wXNR6q4V8w",
      "mime_type": "application/pdf",
      "size_bytes": 1024000,
      "type": "file"
    }
  ],
  "fileDelete": [
    {
      "_shape": "openrouter",
      "id": "or_file_011CNha8iCJcU1wXNR6q4V8w",
      "type": "file_deleted"
    },
    {
      "_shape": "openrouter",
      "id": "or_file_011CNha8iCJcU1wXNR6q4V8w",
      "type": "file_deleted"
    },
    {
      "id": "or_file_011CNha8iCJcU1wXNR6q4V8w",
      "type": "file_deleted"
    }
  ],
  "videoModelList": [
    {
      "data": [
        {
          "allowed_passthrough_parameters": [],
          "canonical_slug": "google/veo-3.1",
          "created": 1700000000,
          "description": "Google video generation model",
          "generate_audio": true,
          "id": "google/veo-3.1",
          "name": "Veo 3.1",
          "pricing_skus": {
            "generate": "0.50"
          },
          "seed": null,
          "supported_aspect_ratios": [
            "16:9"
          ],
          "supported_durations": [
            5,
            8
          ],
          "supported_frame_images": [
            "first_frame",
            "last_frame"
          ],
          "supported_resolutions": [
            "720p"
          ],
          "supported_sizes": null
        }
      ]
    },
    {
      "data": [
        {
          "allowed_passthrough_parameters": [],
          "canonical_slug": "google/veo-3.1",
          "created": 1700000000,
          "description": "Google video generation model",
          "generate_audio": true,
          "id": "google/veo-3.1",
          "name": "Veo 3.1",
          "pricing_skus": {
            "generate": "0.50"
          },
          "seed": null,
          "supported_aspect_ratios": [
            "16:9"
          ],
          "supported_durations": [
            5,
            8
          ],
          "supported_frame_images": [
            "first_frame",
            "last_frame"
          ],
          "supported_resolutions": [
            "720p"
          ],
          "supported_sizes": null
        }
      ]
    }
  ],
  "videoModel": [
    {
      "allowed_passthrough_parameters": [],
      "canonical_slug": "google/veo-3.1",
      "created": 1700000000,
      "description": "Google video generation model",
      "generate_audio": true,
      "id": "google/veo-3.1",
      "name": "Veo 3.1",
      "pricing_skus": {
        "generate": "0.50"
      },
      "seed": null,
      "supported_aspect_ratios": [
        "16:9"
      ],
      "supported_durations": [
        5,
        8
      ],
      "supported_frame_images": [
        "first_frame",
        "last_frame"
      ],
      "supported_resolutions": [
        "720p"
      ],
      "supported_sizes": null
    }
  ],
  "errorBody": [
    {
      "error": {
        "code": 400,
        "message": "Invalid request parameters"
      }
    },
    {
      "error": {
        "code": 401,
        "message": "Missing Authentication header"
      }
    },
    {
      "error": {
        "code": 500,
        "message": "Internal Server Error"
      }
    },
    {
      "error": {
        "code": 404,
        "message": "Resource not found"
      }
    },
    {
      "error": {
        "code": 403,
        "message": "Only management keys can perform this operation"
      }
    },
    {
      "error": {
        "code": 409,
        "message": "Resource conflict. Please try again later."
      }
    },
    {
      "error": {
        "code": 429,
        "message": "Rate limit exceeded"
      }
    },
    {
      "error": {
        "code": 502,
        "message": "Provider returned error"
      }
    },
    {
      "error": {
        "code": 503,
        "message": "Service temporarily unavailable"
      }
    },
    {
      "error": {
        "code": 402,
        "message": "Insufficient credits. Add more using https://openrouter.ai/credits"
      }
    },
    {
      "error": {
        "code": 403,
        "message": "Request blocked: prompt injection patterns detected",
        "metadata": {
          "patterns": [
            "ignore all previous instructions"
          ]
        }
      },
      "openrouter_metadata": {
        "attempt": 1,
        "endpoints": {
          "available": [
            {
              "model": "openai/gpt-4o",
              "provider": "OpenAI",
              "selected": false
            }
          ],
          "total": 1
        },
        "is_byok": false,
        "pipeline": [
          {
            "data": {
              "action": "blocked",
              "detected": true,
              "engines": [
                "regex"
              ],
              "patterns": [
                "ignore all previous instructions"
              ]
            },
            "guardrail_id": "grd_abc123",
            "guardrail_scope": "api-key",
            "name": "regex_pi_detection",
            "summary": "Blocked: prompt injection detected (1 pattern matched)",
            "type": "guardrail"
          }
        ],
        "region": "iad",
        "requested": "openai/gpt-4o",
        "strategy": "direct",
        "summary": "available=1"
      }
    },
    {
      "error": {
        "code": 408,
        "message": "Operation timed out. Please try again later."
      }
    },
    {
      "error": {
        "code": 413,
        "message": "Request payload too large"
      }
    },
    {
      "error": {
        "code": 422,
        "message": "Invalid argument"
      }
    },
    {
      "error": {
        "code": 524,
        "message": "Request timed out. Please try again later."
      }
    },
    {
      "error": {
        "code": 529,
        "message": "Provider returned error"
      }
    }
  ],
  "responsesRequest": [
    {
      "input": [
        {
          "content": "Hello, how are you?",
          "role": "user",
          "type": "message"
        }
      ],
      "model": "anthropic/claude-4.5-sonnet-20250929",
      "temperature": 0.7,
      "tools": [
        {
          "description": "Get the current weather in a given location",
          "name": "get_current_weather",
          "parameters": {
            "properties": {
              "location": {
                "type": "string"
              }
            },
            "type": "object"
          },
          "type": "function"
        }
      ],
      "top_p": 0.9
    },
    {
      "input": "Tell me a joke",
      "model": "openai/gpt-4o"
    }
  ],
  "responseObject": [
    {
      "completed_at": 1704067210,
      "created_at": 1704067200,
      "error": null,
      "frequency_penalty": null,
      "id": "resp-abc123",
      "incomplete_details": null,
      "instructions": null,
      "max_output_tokens": null,
      "metadata": null,
      "model": "gpt-4",
      "object": "response",
      "output": [
        {
          "content": [
            {
              "annotations": [],
              "text": "Hello! How can I help you today?",
              "type": "output_text"
            }
          ],
          "id": "msg-abc123",
          "role": "assistant",
          "status": "completed",
          "type": "message"
        }
      ],
      "parallel_tool_calls": true,
      "presence_penalty": null,
      "status": "completed",
      "temperature": null,
      "tool_choice": "auto",
      "tools": [],
      "top_p": null,
      "usage": {
        "input_tokens": 10,
        "input_tokens_details": {
          "cached_tokens": 0
        },
        "output_tokens": 25,
        "output_tokens_details": {
          "reasoning_tokens": 0
        },
        "total_tokens": 35
      }
    },
    {
      "completed_at": 1704067210,
      "created_at": 1704067200,
      "error": null,
      "frequency_penalty": null,
      "id": "resp-abc123",
      "incomplete_details": null,
      "instructions": null,
      "max_output_tokens": null,
      "metadata": null,
      "model": "gpt-4",
      "object": "response",
      "output": [],
      "parallel_tool_calls": true,
      "presence_penalty": null,
      "status": "completed",
      "temperature": null,
      "tool_choice": "auto",
      "tools": [],
      "top_p": null
    },
    {
      "completed_at": 1700000010,
      "created_at": 1700000000,
      "error": null,
      "frequency_penalty": null,
      "id": "resp_abc123",
      "incomplete_details": null,
      "instructions": null,
      "max_output_tokens": null,
      "metadata": null,
      "model": "openai/gpt-4o",
      "object": "response",
      "output": [
        {
          "content": [
            {
              "annotations": [],
              "text": "Why did the chicken cross the road? To get to the other side!",
              "type": "output_text"
            }
          ],
          "id": "msg-abc123",
          "role": "assistant",
          "status": "completed",
          "type": "message"
        }
      ],
      "parallel_tool_calls": true,
      "presence_penalty": null,
      "status": "completed",
      "temperature": null,
      "tool_choice": "auto",
      "tools": [],
      "top_p": null,
      "usage": {
        "input_tokens": 10,
        "input_tokens_details": {
          "cached_tokens": 0
        },
        "output_tokens": 20,
        "output_tokens_details": {
          "reasoning_tokens": 0
        },
        "total_tokens": 30
      }
    }
  ],
  "streamEvent": [
    {
      "response": {
        "completed_at": null,
        "created_at": 1704067200,
        "error": null,
        "frequency_penalty": null,
        "id": "resp-abc123",
        "incomplete_details": null,
        "instructions": null,
        "max_output_tokens": null,
        "metadata": null,
        "model": "gpt-4",
        "object": "response",
        "output": [],
        "parallel_tool_calls": true,
        "presence_penalty": null,
        "status": "in_progress",
        "temperature": null,
        "tool_choice": "auto",
        "tools": [],
        "top_p": null
      },
      "sequence_number": 0,
      "type": "response.created"
    },
    {
      "response": {
        "completed_at": null,
        "created_at": 1704067200,
        "error": null,
        "frequency_penalty": null,
        "id": "resp-abc123",
        "incomplete_details": null,
        "instructions": null,
        "max_output_tokens": null,
        "metadata": null,
        "model": "gpt-4",
        "object": "response",
        "output": [],
        "parallel_tool_calls": true,
        "presence_penalty": null,
        "status": "in_progress",
        "temperature": null,
        "tool_choice": "auto",
        "tools": [],
        "top_p": null
      },
      "sequence_number": 1,
      "type": "response.in_progress"
    },
    {
      "item": {
        "content": [],
        "id": "item-1",
        "role": "assistant",
        "status": "in_progress",
        "type": "message"
      },
      "output_index": 0,
      "sequence_number": 2,
      "type": "response.output_item.added"
    },
    {
      "content_index": 0,
      "item_id": "item-1",
      "output_index": 0,
      "part": {
        "annotations": [],
        "text": "",
        "type": "output_text"
      },
      "sequence_number": 3,
      "type": "response.content_part.added"
    },
    {
      "content_index": 0,
      "delta": "Hello",
      "item_id": "item-1",
      "logprobs": [],
      "output_index": 0,
      "sequence_number": 4,
      "type": "response.output_text.delta"
    },
    {
      "annotation": {
        "end_index": 7,
        "start_index": 0,
        "title": "Example",
        "type": "url_citation",
        "url": "https://example.com"
      },
      "annotation_index": 0,
      "content_index": 0,
      "item_id": "item-1",
      "output_index": 0,
      "sequence_number": 5,
      "type": "response.output_text.annotation.added"
    },
    {
      "content_index": 0,
      "item_id": "item-1",
      "logprobs": [],
      "output_index": 0,
      "sequence_number": 6,
      "text": "Hello! How can I help you?",
      "type": "response.output_text.done"
    },
    {
      "content_index": 0,
      "item_id": "item-1",
      "output_index": 0,
      "part": {
        "annotations": [],
        "text": "Hello! How can I help you?",
        "type": "output_text"
      },
      "sequence_number": 7,
      "type": "response.content_part.done"
    },
    {
      "item": {
        "content": [
          {
            "annotations": [],
            "text": "Hello! How can I help you?",
            "type": "output_text"
          }
        ],
        "id": "item-1",
        "role": "assistant",
        "status": "completed",
        "type": "message"
      },
      "output_index": 0,
      "sequence_number": 8,
      "type": "response.output_item.done"
    },
    {
      "item_id": "ws-123",
      "output_index": 0,
      "sequence_number": 1,
      "type": "response.web_search_call.in_progress"
    },
    {
      "item_id": "ws-123",
      "output_index": 0,
      "sequence_number": 2,
      "type": "response.web_search_call.searching"
    },
    {
      "item_id": "ws-123",
      "output_index": 0,
      "sequence_number": 3,
      "type": "response.web_search_call.completed"
    },
    {
      "response": {
        "completed_at": null,
        "created_at": 1704067200,
        "error": null,
        "frequency_penalty": null,
        "id": "resp-abc123",
        "incomplete_details": null,
        "instructions": null,
        "max_output_tokens": null,
        "metadata": null,
        "model": "gpt-4",
        "object": "response",
        "output": [],
        "parallel_tool_calls": true,
        "presence_penalty": null,
        "status": "completed",
        "temperature": null,
        "tool_choice": "auto",
        "tools": [],
        "top_p": null
      },
      "sequence_number": 10,
      "type": "response.completed"
    },
    {
      "response": {
        "completed_at": null,
        "created_at": 1704067200,
        "error": null,
        "frequency_penalty": null,
        "id": "resp-abc123",
        "incomplete_details": null,
        "instructions": null,
        "max_output_tokens": null,
        "metadata": null,
        "model": "gpt-4",
        "object": "response",
        "output": [],
        "parallel_tool_calls": true,
        "presence_penalty": null,
        "status": "failed",
        "temperature": null,
        "tool_choice": "auto",
        "tools": [],
        "top_p": null
      },
      "sequence_number": 3,
      "type": "response.failed"
    },
    {
      "response": {
        "completed_at": null,
        "created_at": 1704067200,
        "error": null,
        "frequency_penalty": null,
        "id": "resp-abc123",
        "incomplete_details": null,
        "instructions": null,
        "max_output_tokens": null,
        "metadata": null,
        "model": "gpt-4",
        "object": "response",
        "output": [],
        "parallel_tool_calls": true,
        "presence_penalty": null,
        "status": "incomplete",
        "temperature": null,
        "tool_choice": "auto",
        "tools": [],
        "top_p": null
      },
      "sequence_number": 5,
      "type": "response.incomplete"
    },
    {
      "code": "rate_limit_exceeded",
      "message": "Rate limit exceeded. Please try again later.",
      "param": null,
      "sequence_number": 2,
      "type": "error"
    },
    {
      "response": {
        "completed_at": null,
        "created_at": 1704067200,
        "error": null,
        "frequency_penalty": null,
        "id": "resp-abc123",
        "incomplete_details": null,
        "instructions": null,
        "max_output_tokens": null,
        "metadata": null,
        "model": "gpt-4",
        "object": "response",
        "output": [],
        "parallel_tool_calls": true,
        "presence_penalty": null,
        "status": "in_progress",
        "temperature": null,
        "tool_choice": "auto",
        "tools": [],
        "top_p": null
      },
      "sequence_number": 0,
      "type": "response.created"
    },
    {
      "content_index": 0,
      "delta": "Hello",
      "item_id": "item-1",
      "logprobs": [],
      "output_index": 0,
      "sequence_number": 4,
      "type": "response.output_text.delta"
    }
  ],
  "annotation": [
    {
      "content": "OpenRouter provides a unified API for accessing LLMs from multiple providers.",
      "end_index": 42,
      "start_index": 0,
      "title": "OpenRouter Documentation",
      "type": "url_citation",
      "url": "https://openrouter.ai/docs"
    }
  ],
  "outputText": [
    {
      "annotations": [
        {
          "end_index": 42,
          "start_index": 0,
          "title": "Paris - Wikipedia",
          "type": "url_citation",
          "url": "https://en.wikipedia.org/wiki/Paris"
        }
      ],
      "text": "The capital of France is Paris.",
      "type": "output_text"
    }
  ],
  "outputItem": [
    {
      "content": [
        {
          "text": "Hello! How can I help you today?",
          "type": "output_text"
        }
      ],
      "id": "msg-abc123",
      "role": "assistant",
      "status": "completed",
      "type": "message"
    },
    {
      "content": [
        {
          "annotations": [],
          "text": "Hello! How can I help you?",
          "type": "output_text"
        }
      ],
      "id": "msg-123",
      "role": "assistant",
      "status": "completed",
      "type": "message"
    },
    {
      "action": {
        "query": "OpenAI API",
        "type": "search"
      },
      "id": "search-abc123",
      "status": "completed",
      "type": "web_search_call"
    },
    {
      "id": "ws-abc123",
      "status": "completed",
      "type": "web_search_call"
    },
    {
      "content": [
        {
          "text": "Hello! How can I help you today?",
          "type": "output_text"
        }
      ],
      "id": "msg-abc123",
      "role": "assistant",
      "status": "completed",
      "type": "message"
    }
  ],
  "usage": [
    {
      "cost": 0.0012,
      "cost_details": {
        "upstream_inference_cost": null,
        "upstream_inference_input_cost": 0.0008,
        "upstream_inference_output_cost": 0.0004
      },
      "input_tokens": 10,
      "input_tokens_details": {
        "cached_tokens": 0
      },
      "output_tokens": 25,
      "output_tokens_details": {
        "reasoning_tokens": 0
      },
      "total_tokens": 35
    },
    {
      "input_tokens": 100,
      "input_tokens_details": {
        "cached_tokens": 0
      },
      "output_tokens": 50,
      "output_tokens_details": {
        "reasoning_tokens": 0
      },
      "total_tokens": 150
    }
  ]
} satisfies Record<string, unknown[]>;

export type ReferenceExampleGroup = keyof typeof REFERENCE_EXAMPLES;
