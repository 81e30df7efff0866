"""CNA's *Gaming to the Rescue!* on the table: three actors answer six crises after a typhoon."""
